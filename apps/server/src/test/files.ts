// Test files made by the tests themselves (spreadsheets, encodings, zips) and a multipart upload.
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

export function multipart(field: string, filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----labstat${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(t: TestApp, token: string, filename: string, data: Buffer, field = 'file1') {
  const m = multipart(field, filename, data);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/datamanager/uploadfile',
    payload: m.body,
    headers: { 'content-type': m.contentType, 'x-csrftoken': token },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

export async function uploadOk(t: TestApp, token: string, filename: string, data: Buffer) {
  const r = await upload(t, token, filename, data);
  expect(r.body.msg, JSON.stringify(r.body)).toBe('上传成功');
  return r.body.data as { _fid: string; rows: number; cols: number; notes: string[]; filename: string; downloadPath: string };
}

/** A workbook written by SheetJS; `build` fills the first sheet. */
export function workbook(build: (ws: XLSX.WorkSheet) => void, bookType: 'xlsx' | 'biff8', extraSheets = 0): Buffer {
  const wb = XLSX.utils.book_new();
  const ws: XLSX.WorkSheet = {};
  build(ws);
  XLSX.utils.book_append_sheet(wb, ws, '数据');
  for (let i = 0; i < extraSheets; i++) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['x'], [1]]), `其他${i + 1}`);
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

/**
 * A zip whose one entry inflates to `zeros` bytes of zeros; `declared` overrides the size written
 * in its headers, to make a zip that lies about its contents.
 */
export function zipBomb(entryName: string, zeros: number, declared = zeros): Buffer {
  const plain = Buffer.alloc(zeros);
  return zipFrom(entryName, zlib.deflateRawSync(plain, { level: 9 }), zlib.crc32(plain), declared);
}

export function zipFrom(name: string, compressed: Buffer, crc: number, size: number): Buffer {
  const fname = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fname.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fname.length, 28);
  const localPart = Buffer.concat([local, fname, compressed]);
  const centralPart = Buffer.concat([central, fname]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}
