import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECORD_TYPES } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { readSignedImage } from './images';

export function registerImageRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Public by design: the signed link is the permission (so <img src> works without headers); readSignedImage also
  // checks on each request that the record still shows the image and the member is still in its team.
  app.get(
    '/app/images/:key/:size',
    {
      config: { guard: 'public' },
      schema: {
        params: z.object({ key: z.string().regex(/^img_[\w-]+$/), size: z.enum(['thumb', 'display']) }),
        querystring: z.object({
          record: z.enum(RECORD_TYPES),
          id: z.coerce.number().int().positive(),
          user: z.coerce.number().int().positive(),
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(128).default(''),
        }),
      },
    },
    async (request, reply) => {
      const { record, id, user, expires, signature } = request.query;
      const stream = await readSignedImage(
        deps,
        request.params.key,
        request.params.size,
        { record, id, user },
        expires,
        signature,
      );
      return (
        reply
          .header('content-type', 'image/webp')
          // An hour in the browser: the URL stays the same all day, and a deleted record's image or a departed
          // member's copy does not outlive the check above for long.
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(stream)
      );
    },
  );
}
