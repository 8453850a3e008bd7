import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { exportTeam } from './service';

export function registerExportRoutes(app: FastifyInstance, deps: Deps) {
  // The whole team as a ZIP of CSVs plus document files, for a backup or for leaving the product.
  app.get(`${API_BASE}/team-export`, { config: { guard: 'team' } }, async (request, reply) => {
    const { stream, fileName } = await exportTeam(deps, actorOf(request, deps));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(stream);
  });
}
