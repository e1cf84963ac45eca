// The response wrapper every LabStat call answers with (spec 01 §7, DESIGN §9), and its codes.
import { z } from 'zod';

export const ResultCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  serverError: 500,
  /** Token unknown or malformed: the client asks the user to log in again. */
  tokenInvalid: 50008,
  /** Token revoked because the account signed in elsewhere or was disabled. */
  tokenRevoked: 50012,
  /** Token known but past its expiry. */
  tokenExpired: 50014,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes after which the client offers the re-login confirm box (spec 01 §8). */
export const RELOGIN_CODES: readonly number[] = [
  ResultCode.tokenInvalid,
  ResultCode.tokenRevoked,
  ResultCode.tokenExpired,
];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  count?: number;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
    count: z.number().int().optional(),
  });
}

export function ok<T>(data: T, msg = 'success', count?: number): Envelope<T> {
  return count === undefined ? { code: ResultCode.ok, msg, data } : { code: ResultCode.ok, msg, data, count };
}
