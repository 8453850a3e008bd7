import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  SEARCH_TYPES,
  searchQuerySchema,
  searchResponseSchema,
  type SearchGroup,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { searchType } from '../../platform/search';
import { actorOf } from '../auth/index';
import { documentSnippets } from '../documents/index';

export function registerSearchRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Groups in a fixed order, only the non-empty ones, at most five ranked items each (spec §3, §7).
  app.get(
    `${API_BASE}/search`,
    {
      config: { guard: 'team' },
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => {
      const actor = actorOf(request, deps);
      const groups: SearchGroup[] = [];
      for (const type of SEARCH_TYPES) {
        const data = await searchType(deps.db, deps.dialect, actor.teamId, type, request.query.query, 5);
        if (!data.length) continue;
        if (type === 'documents') {
          // A document's subtitle is the passage of its text that matched, when the text matched.
          const snippets = await documentSnippets(
            deps,
            actor.teamId,
            data.map((d) => d.id),
            request.query.query,
          );
          for (const item of data) item.subtitle = snippets.get(item.id) ?? item.subtitle;
        }
        groups.push({ type, data });
      }
      return { data: groups };
    },
  );
}
