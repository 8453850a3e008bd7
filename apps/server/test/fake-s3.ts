import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';

type Seen = { method: string; path: string; query: Record<string, string>; body: Buffer };

/**
 * An in-memory S3 at the SDK's HTTP layer: the client signs and sends real requests, and this handler
 * answers them like S3 would (path-style), so the driver is tested without a network.
 */
export function fakeS3() {
  const objects = new Map<string, Buffer>();
  const seen: Seen[] = [];
  const handler = {
    async handle(request: { method: string; path: string; query?: Record<string, string>; body?: unknown }) {
      const chunks: Buffer[] = [];
      const body = request.body;
      if (
        body instanceof Readable ||
        (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function')
      ) {
        for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
      } else if (body) chunks.push(Buffer.from(body as Uint8Array));
      const data = Buffer.concat(chunks);
      seen.push({ method: request.method, path: request.path, query: request.query ?? {}, body: data });
      // The shape of the SDK's HttpResponse, which is all its deserialisers read.
      const respond = (
        statusCode: number,
        content: Buffer | string = '',
        headers: Record<string, string> = {},
      ) => ({
        response: {
          statusCode,
          headers: { 'content-length': String(Buffer.byteLength(content)), ...headers },
          body: Readable.from([Buffer.from(content)]),
        },
      });
      if (request.method === 'PUT') {
        objects.set(request.path, data);
        return respond(200, '', { etag: '"abc"' });
      }
      if (request.method === 'GET') {
        const object = objects.get(request.path);
        return object
          ? respond(200, object, { 'content-type': 'application/octet-stream' })
          : respond(404, '<Error><Code>NoSuchKey</Code></Error>');
      }
      if (request.method === 'DELETE') {
        objects.delete(request.path);
        return respond(204);
      }
      return respond(400);
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: 'http://s3.local:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    requestHandler: handler as never,
  });
  return { client, objects, seen };
}
