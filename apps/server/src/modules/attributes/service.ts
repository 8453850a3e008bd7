import type { FastifyReply } from 'fastify';
import type { AttributeValue } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { sendTabular } from '../../platform/tabular';
import { listExport } from './lists';

export * from './index';

type Export<T extends { attributes?: Record<string, AttributeValue> }> = Parameters<typeof listExport<T>>;

/** The lease and agreement list exports, until their routes send `listExport`'s file themselves. */
export async function sendListExport<T extends { attributes?: Record<string, AttributeValue> }>(
  db: Executor,
  teamId: number,
  reply: FastifyReply,
  raw: Record<string, string | string[]>,
  source: Export<T>[3],
  columns: Export<T>[4],
) {
  return sendTabular(reply, await listExport<T>(db, teamId, raw, source, columns));
}
