import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** What any upload may hold at most; each route asks for its own, smaller limits when it reads the parts. */
const LIMITS = { fileSize: 50 * 1024 * 1024, files: 1, fields: 20 };

/**
 * Registers the routes that take a file (multipart/form-data) in a scope of their own, the only one with the
 * multipart parser. @fastify/multipart hooks every request of the scope it is registered in (an async onRequest
 * hook that listens for the response's close and an async onResponse hook that deletes files saved to disk,
 * which no route here does): two promises and a listener on each of the app's other requests, for nothing.
 * Elsewhere a multipart body gets 415.
 */
export function registerUploadRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void) {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: LIMITS });
    routes(scope);
  });
}
