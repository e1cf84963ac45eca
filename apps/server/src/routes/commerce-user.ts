// Redeem codes, gifts, free plan, uploads and profile changes (spec 02 §7; issue 18).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services/container.js';

export const commerceUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async () => {};
