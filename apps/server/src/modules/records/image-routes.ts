import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { readSignedImage } from './images';

export function registerImageRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Public by design: the signature in the link is the permission (so <img src> works without headers).
  app.get(
    '/app/images/:key/:size',
    {
      config: { guard: 'public' },
      schema: {
        params: z.object({ key: z.string().regex(/^img_[\w-]+$/), size: z.enum(['thumb', 'display']) }),
        querystring: z.object({ expires: z.coerce.number().int().default(0), signature: z.string().max(128).default('') }),
      },
    },
    async (request, reply) => {
      const stream = await readSignedImage(deps, request.params.key, request.params.size, request.query.expires, request.query.signature);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
