// Products, VIP centre, payment and orders (spec 02 §7; issue 18).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services/container.js';

export const commercePayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async () => {};
