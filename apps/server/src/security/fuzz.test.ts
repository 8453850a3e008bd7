import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { PASSWORD, buildUser, createVia, multipartBody, signIn } from '../../test/factories';
import {
  ErrorLog,
  FuzzSession,
  REFERENCES,
  formatStats,
  fuzzOperations,
  operationsOf,
  type IdPools,
  type OpenApiDocument,
  type Operation,
} from '../../test/fuzz';
import { integrityProblems } from '../../test/integrity';
import { RESOURCE_TABLES } from '../platform/resource-tables';
import type { TestClient } from '../../test/client';

/**
 * The schema-driven fuzzer over every operation of the OpenAPI document. `npm test` runs a
 * short, seeded pass; `npm run fuzz` (scripts/fuzz.mjs) the long one with FUZZ_RUNS per operation.
 * FUZZ_SEED reproduces a run, FUZZ_ONLY (a substring of "METHOD /path") narrows it to some operations.
 */
const errors = new ErrorLog();
const ctx = useTestApp({ LOG_LEVEL: 'error' }, { logStream: errors.stream });

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const ONLY = process.env.FUZZ_ONLY;

/** Records of every kind for `client`'s team, so path ids reach real rows. */
async function seedTeam(client: TestClient, tag: string) {
  const company = await createVia(client, 'companies', { name: `${tag} Holdings`, kind: 'franchisee' });
  const brand = await createVia(client, 'brands', { name: `${tag} Brand`, company_id: company.id });
  const store = await createVia(client, 'stores', {
    name: `${tag} Store`,
    brand_id: brand.id,
    company_id: company.id,
    city: 'Austin',
  });
  await createVia(client, 'contacts', { first_name: 'Ada', last_name: tag, company_id: company.id });
  const must = async (url: string, body: unknown) => {
    const response = await client.post(url, body);
    if (response.status >= 300)
      throw new Error(`seeding ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
  await must('/app/api/v1/leases', {
    store_id: store.id,
    reference: `${tag}-L1`,
    status: 'active',
    commencement_date: '2025-01-01',
    expiration_date: '2030-12-31',
  });
  await must('/app/api/v1/agreements', {
    brand_id: brand.id,
    store_ids: [store.id],
    agreement_number: `${tag}-A1`,
    status: 'open',
    royalty_percent: 5,
  });
  await must('/app/api/v1/sales', {
    store_id: store.id,
    period: 'month',
    period_start: '2026-03-01',
    gross: 1000,
  });
  const reminder = await must('/app/api/v1/reminders', { title: `${tag} reminder`, due_date: '2027-01-15' });
  await must(`/app/api/v1/reminders/${reminder.id}/comments`, { body: 'A comment' });
  await must(`/app/api/v1/companies/${company.id}/notes`, { body: 'A note' });
  await must('/app/api/v1/attributes', { subject_type: 'stores', label: `${tag} code`, type: 'text' }).catch(
    () => undefined,
  );
  const { body, headers } = multipartBody({}, [
    { field: 'file', name: 'lease.txt', content: Buffer.from(`${tag} lease text`) },
  ]);
  await client.request('POST', '/app/api/v1/documents', body, headers);
  const csv = multipartBody({ type: 'companies' }, [
    { field: 'file', name: 'companies.csv', content: Buffer.from('name,kind\nImported Co,vendor\n') },
  ]);
  await client.request('POST', '/app/api/v1/imports', csv.body, csv.headers);
}

/** Which table a path's `{id}` names: the segment before it. */
const ID_TABLES: Record<string, string> = {
  ...RESOURCE_TABLES,
  reminders: 'reminders',
  notes: 'notes',
  sales: 'sales',
  imports: 'imports',
  attributes: 'attribute_definitions',
  'reminder-comments': 'reminder_comments',
  teams: 'teams',
  tokens: 'personal_access_tokens',
};

describe('schema-driven fuzzing', () => {
  it(
    'answers every operation below 500, logs no error, leaks no other team’s record and leaves the database consistent',
    async () => {
      const { user, team } = await buildUser(ctx);
      const owner = await signIn(ctx, user.email);
      await seedTeam(owner, 'Own');
      const other = await buildUser(ctx);
      await seedTeam(await signIn(ctx, other.user.email), 'Other');
      const invite = await owner.post(`/app/api/v1/teams/${team.id}/invitations`, {
        email: 'invitee@example.test',
        role: 'manager',
      });
      expect(invite.status).toBeLessThan(300);

      const db = ctx.db;
      const idsOf = async (table: string, teamId: number): Promise<number[]> => {
        // The table comes from ID_TABLES above, never from input.
        if (table === 'teams') return [teamId];
        const column = table === 'personal_access_tokens' ? sql.ref('user_id') : sql.ref('team_id');
        const owned =
          table === 'personal_access_tokens' ? (teamId === team.id ? user.id : other.user.id) : teamId;
        const hasTeam = !['notes', 'reminder_comments'].includes(table);
        const rows = hasTeam
          ? await sql<{
              id: number;
            }>`select id from ${sql.table(table)} where ${column} = ${owned} order by id desc limit 20`.execute(
              db,
            )
          : await sql<{ id: number }>`select id from ${sql.table(table)} order by id desc limit 20`.execute(
              db,
            );
        return rows.rows.map((r) => Number(r.id));
      };
      const pools = async (op: Operation): Promise<Record<string, IdPools>> => {
        const references = await Promise.all(
          ['companies', 'brands', 'stores', 'contacts', 'leases', 'franchise_agreements', 'documents'].map(
            (table) => idsOf(table, team.id),
          ),
        );
        const result: Record<string, IdPools> = {
          [REFERENCES]: { own: [...new Set(references.flat())], foreign: [] },
        };
        const segments = op.path.split('/');
        for (const name of op.pathParams) {
          const before = segments[segments.indexOf(`{${name}}`) - 1] ?? '';
          let table: string | undefined = name === 'id' ? ID_TABLES[before] : undefined;
          if (name === 'userId') {
            result[name] = { own: [user.id], foreign: [other.user.id] };
            continue;
          }
          if (name === 'invitationId') table = 'team_invitations';
          if (name === 'versionId') table = 'document_versions';
          if (name === 'subject_id') table = 'stores';
          if (name === 'list') {
            result[name] = { own: ['stores', 'leases', 'documents', 'reminders'], foreign: [] };
            continue;
          }
          if (name === 'subject_type') {
            result[name] = { own: ['store', 'lease', 'reminder'], foreign: [] };
            continue;
          }
          if (!table) continue;
          if (table === 'document_versions') {
            const rows = await db
              .selectFrom('document_versions')
              .innerJoin('documents', 'documents.id', 'document_versions.document_id')
              .select(['document_versions.id', 'documents.team_id'])
              .execute();
            result[name] = {
              own: rows.filter((r) => r.team_id === team.id).map((r) => r.id),
              foreign: rows.filter((r) => r.team_id !== team.id).map((r) => r.id),
            };
            continue;
          }
          // Notes and comments carry no team: their "foreign" ids are left to the not-found paths.
          const shared = ['notes', 'reminder_comments'].includes(table);
          result[name] = {
            own: await idsOf(table, team.id),
            foreign: shared ? [] : await idsOf(table, other.team.id),
          };
        }
        return result;
      };

      const session = new FuzzSession(ctx.app);
      await session.signIn(user.email, PASSWORD);
      const doc = (await ctx.app.inject({ method: 'GET', url: '/app/api/docs' })).json<OpenApiDocument>();
      const operations = operationsOf(doc).filter((op) => !ONLY || `${op.method} ${op.path}`.includes(ONLY));
      // Every operation of the document (the skipped three aside), unless FUZZ_ONLY narrows the run.
      expect(operations.length).toBeGreaterThan(ONLY ? 0 : 100);

      let resumes = 0;
      const stats = await fuzzOperations({
        operations,
        session,
        errors,
        numRuns: NUM_RUNS,
        seed: SEED,
        pools,
        progress: process.env.FUZZ_VERBOSE ? (line) => console.log(line) : undefined,
        resume: async () => {
          // A 401 on a signed-in route means the session is gone (none of the fuzzed routes may end it).
          const me = await session.send({ method: 'GET', url: '/app/api/v1/users/auth', foreign: false });
          if (me.statusCode === 401) {
            resumes += 1;
            await session.signIn(user.email, PASSWORD);
          }
        },
      });
      const report = formatStats(
        stats,
        `${ctx.databaseUrl.split(':')[0]}, ${NUM_RUNS} runs per operation, seed ${SEED}`,
      );
      console.log(report);
      // The first errors the app logged, with their stack: where a failing request broke.
      for (const line of errors.lines.slice(0, 3)) console.log(line.slice(0, 3000));

      const problems = await integrityProblems(
        ctx.db,
        ctx.databaseUrl.startsWith('sqlite') ? 'sqlite' : 'postgres',
      );
      expect(stats.failures, report).toEqual([]);
      expect(errors.lines, 'errors logged').toEqual([]);
      expect(resumes, 'the fuzzing session was lost').toBe(0);
      expect(problems, 'database integrity').toEqual([]);
    },
    Number(process.env.FUZZ_TIMEOUT_MS ?? 300_000),
  );
});
