import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** The liveness answer, the same from the socket's fast path and from the route (app.inject, `/healthz?…`). */
export const HEALTH_BODY = '{"status":"ok"}';

const HEALTH_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(HEALTH_BODY)),
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * The HTTP server Fastify would make, with `GET /healthz` and `HEAD /healthz` answered before Fastify sees them.
 * A liveness probe asks every few seconds from every load balancer and orchestrator, and the app's pipeline
 * has nothing for it: no session, no CSRF, no body, no HTML to protect with a CSP, no metric worth a series.
 * Through that pipeline it cost 2–3 times a bare Fastify route (decision 0035); here it costs less than one.
 * Only that exact path and method are answered: any other request, `/healthz?x` included, goes through
 * Fastify with every hook, and the route of the same name answers in-process injection the same way.
 */
/** The options Fastify hands a server factory, with its defaults applied (fastify.js, processOptions). */
type ServerOptions = {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
};

export const healthServerFactory: FastifyServerFactory = (handler, factoryOptions) => {
  const options = factoryOptions as ServerOptions;
  const server = http.createServer(options.http ?? {}, (request, response) => {
    if (request.url === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
      response.writeHead(200, HEALTH_HEADERS);
      response.end(request.method === 'HEAD' ? undefined : HEALTH_BODY);
      return;
    }
    handler(request, response);
  });
  // What Fastify sets on the server it makes itself (fastify/lib/server.js).
  server.keepAliveTimeout = options.keepAliveTimeout;
  server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
};
