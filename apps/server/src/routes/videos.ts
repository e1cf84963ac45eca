// Plays tool videos (spec 01 §2, §3): the signed link the video call's signature names, with byte
// ranges so the player can seek and start before the whole file arrives.
import fs from 'node:fs';
import { ToolPaths } from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/container.js';
import { parseRange } from '../services/video-service.js';

const Params = z.object({ fileId: z.string().max(64) });
const Query = z.object({ psign: z.string().max(100).default('') });

export const videoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(`${ToolPaths.videoPlay}/:fileId`, { schema: { params: Params, querystring: Query } }, async (req, reply) => {
    const video = await services.videos.open(req.params.fileId, req.query.psign);
    const range = parseRange(req.headers.range, video.size);
    reply
      .header('Content-Type', video.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes')
      // Each link carries its own psign, so a cached copy is never shared across signatures.
      .header('Cache-Control', 'private, max-age=600');
    if (range === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${video.size}`).header('Content-Type', 'text/plain; charset=utf-8').send('');
    }
    const { start, end } = range ?? { start: 0, end: video.size - 1 };
    if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${video.size}`);
    reply.header('Content-Length', String(Math.max(0, end - start + 1)));
    if (video.size === 0) return reply.send('');
    return reply.send(fs.createReadStream(video.path, { start, end }));
  });
};
