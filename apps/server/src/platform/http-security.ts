import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from './config';
import { AppError } from './errors';

/** Requests that can change state; GET, HEAD and OPTIONS never do (see security/http.test.ts). */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where the map tiles of the dashboard come from (apps/web/src/features/dashboard/store-map.tsx). */
const MAP_TILES = 'https://tile.openstreetmap.org';

/**
 * The hosts Google's Maps JavaScript API (Places autocomplete on address forms) loads from, per Google's
 * allow-list guide. Listed only when GOOGLE_MAPS_API_KEY is set: without a key the SPA never loads the
 * script, and maps.googleapis.com serves JSONP, so allowing it always would be a CSP bypass for nothing.
 */
const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com'],
  img: [
    'https://maps.googleapis.com',
    'https://maps.gstatic.com',
    'https://*.googleapis.com',
    'https://*.gstatic.com',
  ],
  connect: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
};

/** The origin presigned S3 links point to: PDF previews (iframe) and images load from there, not from us. */
export function storageOrigins(config: Config): string[] {
  if (config.STORAGE_DRIVER !== 's3' || !config.S3_BUCKET) return [];
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    return [
      config.S3_FORCE_PATH_STYLE
        ? endpoint.origin
        : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`,
    ];
  }
  const region = config.S3_REGION ?? 'us-east-1';
  return [
    `https://${config.S3_BUCKET}.s3.${region}.amazonaws.com`,
    `https://${config.S3_BUCKET}.s3.amazonaws.com`,
  ];
}

/**
 * The SPA's Content-Security-Policy. The built index.html has no inline script or style (Vite emits
 * files; public/offline.html loads offline.js/offline.css; sonner's injected <style> is replaced by its
 * stylesheet, see apps/web/vite.config.ts), so `'self'` is enough for scripts and styles.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const maps = config.GOOGLE_MAPS_API_KEY ? GOOGLE_MAPS : null;
  const storage = storageOrigins(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(maps?.script ?? [])],
    // The Maps script injects its own <style> elements without a nonce: inline styles only with a key.
    'style-src': ["'self'", ...(maps ? ["'unsafe-inline'", ...maps.style] : [])],
    // blob:/data: for previews of files picked for upload and Leaflet's inlined icons.
    'img-src': ["'self'", 'data:', 'blob:', MAP_TILES, ...storage, ...(maps?.img ?? [])],
    'font-src': ["'self'", 'data:', ...(maps?.font ?? [])],
    // The API and the live event stream (SSE) are same-origin; push goes through the browser, not fetch.
    'connect-src': ["'self'", ...(maps?.connect ?? [])],
    // The document drawer previews PDFs in an iframe of the signed download link.
    'frame-src': ["'self'", ...storage],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.APP_URL.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The origins a browser may send state-changing requests from: the configured APP_URL and the request's own. */
function isSameOrigin(request: FastifyRequest, origin: string, appOrigin: string): boolean {
  if (origin === appOrigin) return true;
  // request.protocol and request.host honour X-Forwarded-* only when TRUST_PROXY is on.
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * The headers helmet sets for these options. @fastify/helmet builds helmet's middleware anew on every request
 * (parsing the CSP directives each time: ~20 µs, a quarter of a health check); the headers never depend on
 * the request, so helmet runs once, on a probe app, and every request gets its answer.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  try {
    const response = await probe.inject('/');
    const bare = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    return Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name]) => !bare.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}

/**
 * What an answer under /app/ (JSON, a redirect, a calendar file) carries instead of the page headers: the
 * REST profile of OWASP's cheat sheet. A policy that lets nothing load (`default-src 'none'`) is stricter than
 * the page's should such an answer ever be opened as a document, and the headers that only a document reads
 * (COOP, Origin-Agent-Cluster, DNS prefetch, the legacy XSS auditor, IE's download and Flash policies) are
 * left off: every API call would otherwise send ~600 bytes of them, a tenth of a cached answer's time.
 * /app/files/ sets its own sandboxing policy on top (below).
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const API_KEPT = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
];

function apiHeadersOf(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': API_CSP,
    ...Object.fromEntries(API_KEPT.map((name) => [name, pageHeaders[name]!])),
  };
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Headers (the request id; helmet: CSP, frame-ancestors, nosniff, referrer policy; HSTS only over TLS) and the two
 * cross-site request defences that sit beside the CSRF token (modules/auth/context.ts):
 * - a browser's cross-site mutating request (foreign Origin, or Sec-Fetch-Site cross-site/same-site) is
 *   refused with 403; requests without those headers (scripts with a bearer token, curl, webhooks) pass;
 * - a body to an /app route must be JSON (multipart only to the routes that take files, platform/uploads.ts): the
 *   "simple" content types a cross-site form can send without a preflight get 415.
 */
export async function registerHttpSecurity(app: FastifyInstance, config: Config) {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // HSTS is set below, only when the response really travels over TLS.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // COEP would block the OpenStreetMap tiles and Maps images, which send no CORP header.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  const apiHeaders = apiHeadersOf(headers);
  // Set on arrival rather than on send: an error answer keeps the headers set so far, and the onSend chain is the
  // one every answer walks. The request id is set here too: one hook fewer for every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/app/') ? apiHeaders : headers);
    reply.header('x-request-id', request.id);
    done();
  });

  const appOrigin = new URL(config.APP_URL).origin;
  const tlsByConfig = appOrigin.startsWith('https:');
  const hsts = 'max-age=31536000; includeSubDomains';

  // Synchronous hooks (a throw is the request's error): nothing here waits.
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol is https for a TLS socket, or for X-Forwarded-Proto: https behind a trusted proxy.
    if (tlsByConfig || request.protocol === 'https') reply.header('strict-transport-security', hsts);
    // The document drawer previews files in an iframe of /app/files links; the file itself sends its own
    // sandboxing CSP (modules/documents/download.ts). An error in that iframe (a link expired, or the file
    // just deleted) must be framable by the app too, or the browser reports a blocked frame instead.
    if (request.url.startsWith('/app/files/')) {
      reply.header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'self'");
      reply.header('x-frame-options', 'SAMEORIGIN');
    }

    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/app')) return done();
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (
      site === 'cross-site' ||
      site === 'same-site' ||
      (origin !== undefined && !isSameOrigin(request, origin, appOrigin))
    ) {
      throw new AppError('forbidden', 'Cross-site requests are not allowed.');
    }
    done();
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (!request.url.startsWith('/app') || !hasBody(request) || !request.routeOptions.url)
      return done(null, payload);
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return done(null, payload);
    // The routes that take files are the ones whose scope parses multipart (platform/uploads.ts).
    if (
      type === 'multipart/form-data' &&
      !request.routeOptions.schema?.body &&
      request.server.hasContentTypeParser(type)
    )
      return done(null, payload);
    throw new AppError(
      'unsupported_media_type',
      'This endpoint accepts JSON bodies only (Content-Type: application/json).',
    );
  });
}
