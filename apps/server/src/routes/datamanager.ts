// Data files (spec 01 §7): upload, list, preview pages, variable summaries, delete, downloads.
import multipart from '@fastify/multipart';
import {
  DetailData,
  DetailQuery,
  ExampleData,
  FidQuery,
  FileMessages,
  FilePaths,
  FileSummary,
  ResultCode,
  UPLOAD_LIMIT_BYTES,
  VarsData,
  VarsQuery,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.js';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

// The name after the fid is only there so a saved link shows the file's name; the fid decides what
// is served. A wildcard, because a parametric segment is cut at 100 characters (find-my-way's
// maxParamLength) and links to files with long names would answer 404.
const DownloadParams = z.object({ fid: z.string().min(1).max(64), '*': z.string() });

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name, so Chinese names survive. */
function attachment(reply: FastifyReply, filename: string, size: number, contentType: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply
    .header('Content-Type', contentType)
    .header('Content-Length', size)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
}

export const dataManagerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);
  const files = services.files;

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024 },
  });

  app.post(
    FilePaths.upload,
    { preHandler: auth, schema: { response: { 200: envelopeSchema(FileSummary) } } },
    async (req) => {
      // Refuse an announced oversize body before reading 200 MB of it (multipart adds a little).
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > UPLOAD_LIMIT_BYTES + 64 * 1024) throw new AppError(ResultCode.payloadTooLarge, FileMessages.tooLarge, 413);
      if (!req.isMultipart()) throw badRequest(FileMessages.noFile);
      const part = await req.file();
      if (!part) throw badRequest(FileMessages.noFile);
      const summary = await files.upload(sessionOf(req).userId, {
        filename: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
      return ok(summary, '上传成功');
    },
  );

  app.get(FilePaths.list, { preHandler: auth, schema: { response: { 200: envelopeSchema(z.array(FileSummary)) } } }, async (req) => {
    const list = await files.list(sessionOf(req).userId);
    return ok(list, 'success', list.length);
  });

  app.get(
    FilePaths.detail,
    { preHandler: auth, schema: { querystring: DetailQuery, response: { 200: envelopeSchema(DetailData) } } },
    async (req) => ok(await files.page(sessionOf(req).userId, req.query._fid, req.query.page, req.query.page_size)),
  );

  app.get(
    FilePaths.vars,
    { preHandler: auth, schema: { querystring: VarsQuery, response: { 200: envelopeSchema(VarsData) } } },
    async (req) => ok(await files.vars(sessionOf(req).userId, req.query._fid)),
  );

  app.delete(
    FilePaths.remove,
    { preHandler: auth, schema: { querystring: FidQuery, response: { 200: envelopeSchema(z.null()) } } },
    async (req) => {
      await files.remove(sessionOf(req).userId, req.query._fid);
      return ok(null, FileMessages.deleted);
    },
  );

  app.get(`${FilePaths.download}/:fid/*`, { preHandler: auth, schema: { params: DownloadParams } }, async (req, reply) => {
    const f = await files.original(sessionOf(req).userId, req.params.fid);
    attachment(reply, f.filename, f.size, f.contentType);
    return reply.send(f.stream);
  });

  app.get(
    FilePaths.example,
    { preHandler: auth, schema: { querystring: FidQuery, response: { 200: envelopeSchema(ExampleData) } } },
    async (req) => ok(await files.example(req.query._fid)),
  );

  app.get(`${FilePaths.exampleDownload}/:fid/*`, { schema: { params: DownloadParams } }, async (req, reply) => {
    const f = await files.original(null, req.params.fid);
    attachment(reply, f.filename, f.size, f.contentType);
    return reply.send(f.stream);
  });
};
