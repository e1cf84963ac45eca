// The cryptography of WeChat Pay API v3, on node:crypto only: SHA256-RSA2048 request signatures
// (the Authorization header), verification of response and notification signatures with WeChat
// Pay's key, and AES-256-GCM decryption of notification resources with the APIv3 key.
import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** Base64 SHA256-with-RSA signature of `message`. */
export function rsaSign(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The request's signing string: method, path with query, timestamp, nonce and body, each line ending in \n. */
export function requestMessage(method: string, pathWithQuery: string, timestamp: number, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** A response's or notification's signing string: timestamp, nonce and body (an empty body leaves "\n"). */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function nonceStr(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** Authorization header value of one request. */
export function authorization(opts: {
  mchid: string;
  serial: string;
  privateKey: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce?: string;
}): string {
  const nonce = opts.nonce ?? nonceStr();
  const signature = rsaSign(opts.privateKey, requestMessage(opts.method, opts.pathWithQuery, opts.timestamp, nonce, opts.body));
  return `${AUTH_SCHEME} mchid="${opts.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${opts.timestamp}",serial_no="${opts.serial}"`;
}

/**
 * Decrypts an AEAD_AES_256_GCM resource: the key is the APIv3 key's bytes, the IV the nonce's, the
 * additional data `associated_data`, and the last 16 bytes of the ciphertext are the tag. Throws
 * when the tag does not match (tampered or wrong key).
 */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string | null }): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}
