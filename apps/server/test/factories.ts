import { randomBytes } from 'node:crypto';
import type {
  Agreement,
  AgreementInput,
  Brand,
  BrandInput,
  Company,
  CompanyInput,
  DocumentDto,
  Lease,
  LeaseInput,
  LinkableType,
  Reminder,
  ReminderInput,
  Store,
  StoreInput,
  TeamRole,
} from '@storekeep/contracts';
import { nowIso } from '../src/platform/clock';
import { insertMany } from '../src/platform/db/insert-many';
import { indexRecords } from '../src/platform/search';
import type { MailMessage } from '../src/platform/mail';
import { hashPassword } from '../src/modules/auth/passwords';
import { createPersonalTeam } from '../src/modules/teams/service';
import { addMember as insertMember } from '../src/modules/teams/repository';
import { insertUser } from '../src/modules/users/repository';
import type { TestContext } from './context';
import type { TestClient, TestResponse } from './client';

export const PASSWORD = 'correct horse battery';
// Hashing is deliberately slow; one hash serves every factory user of a file.
const passwordHash = hashPassword(PASSWORD);

const unique = () => randomBytes(5).toString('hex');

/** A user with their own team (owner, admin), as registration makes them. */
export async function buildUser(
  ctx: TestContext,
  overrides: { name?: string; email?: string; verified?: boolean } = {},
) {
  const now = nowIso();
  const id = unique();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      name: overrides.name ?? `User ${id}`,
      email: overrides.email ?? `user-${id}@example.test`,
      passwordHash: await passwordHash,
      now,
      verifiedAt: overrides.verified === false ? null : now,
    });
    const team = await createPersonalTeam(trx, user, now);
    return { user: { ...user, current_team_id: team.id }, team };
  });
}

/** A user who belongs to `teamId` with `role`, and whose current team it is. */
export async function buildMember(ctx: TestContext, teamId: number, role: TeamRole) {
  const built = await buildUser(ctx);
  await insertMember(ctx.db, teamId, built.user.id, role, nowIso());
  await ctx.db
    .updateTable('users')
    .set({ current_team_id: teamId })
    .where('id', '=', built.user.id)
    .execute();
  return built.user;
}

/**
 * A member of `teamId` limited to `companyIds` (a franchisee's people, decision 0023), given that scope by an
 * admin of the team through the API as the team page does, and signed in.
 */
export async function buildFranchiseeMember(
  ctx: TestContext,
  admin: TestClient,
  teamId: number,
  companyIds: number[],
  role: Exclude<TeamRole, 'admin'> = 'manager',
) {
  const user = await buildMember(ctx, teamId, role);
  const response = await admin.patch(`/app/api/v1/teams/${teamId}/members/${user.id}`, {
    role,
    company_ids: companyIds,
  });
  if (response.status !== 200)
    throw new Error(`limit member failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { user, client: await signIn(ctx, user.email) };
}

export async function signIn(ctx: TestContext, email: string): Promise<TestClient> {
  const client = ctx.client();
  const response = await client.post('/app/login', { email, password: PASSWORD });
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}

/** Mail queued for `to`, newest last (read from the outbox, as the sender would). */
export async function mailTo(ctx: TestContext, to: string): Promise<MailMessage[]> {
  const rows = await ctx.db.selectFrom('outbox').select('payload').orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.payload) as MailMessage).filter((m) => m.to === to);
}

export function linkIn(message: MailMessage | undefined): string {
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in mail');
  return link;
}

/** The path and query of an absolute link, for app.inject. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/** Creates a record through the API as `client` and returns its DTO. */
export async function createVia(
  client: TestClient,
  type: 'companies' | 'brands' | 'stores' | 'contacts',
  body: Record<string, unknown>,
) {
  const response = await client.post(`/app/api/v1/${type}`, body);
  if (response.status !== 201)
    throw new Error(`create ${type} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A signed-in owner of a fresh team, plus a client for a member of that team with `role`. */
export async function teamWithRoles(ctx: TestContext) {
  const { user, team } = await buildUser(ctx);
  const admin = await signIn(ctx, user.email);
  const manager = await signIn(ctx, (await buildMember(ctx, team.id, 'manager')).email);
  const observer = await signIn(ctx, (await buildMember(ctx, team.id, 'observer')).email);
  return { owner: user, team, admin, manager, observer };
}

/** A multipart/form-data body: fields first, then files, as the web client sends them. */
export function multipartBody(
  fields: Record<string, string | string[]>,
  files: Array<{ field: string; name: string; content: Buffer; type?: string }>,
) {
  const boundary = `----storekeep-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat())
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A request body of `Input`'s fields and the team's custom `attributes`: field names are checked here, values
 * by the API (tests send strings the form would, legacy shapes, or invalid values on purpose).
 */
type Body<Input> = { [K in keyof Input]?: unknown } & { attributes?: Record<string, unknown> };

/** Fails the test with the API's answer unless `response` has `status`; returns its `data`. */
function expectCreated<T>(what: string, response: TestResponse<{ data: T }>, status = 201): T {
  if (response.status !== status)
    throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A company made through the API by `client` (name unique unless given). */
export async function buildCompany(client: TestClient, overrides: Body<CompanyInput> = {}): Promise<Company> {
  return createVia(client, 'companies', { name: `Company ${unique()}`, ...overrides });
}

export async function buildBrand(client: TestClient, overrides: Body<BrandInput> = {}): Promise<Brand> {
  return createVia(client, 'brands', { name: `Brand ${unique()}`, ...overrides });
}

export async function buildStore(client: TestClient, overrides: Body<StoreInput> = {}): Promise<Store> {
  return createVia(client, 'stores', { name: `Store ${unique()}`, ...overrides });
}

/** A lease made through the API; without `store_id` it gets a new store of its own. */
export async function buildLease(client: TestClient, overrides: Body<LeaseInput> = {}): Promise<Lease> {
  const storeId = overrides.store_id ?? (await buildStore(client)).id;
  return expectCreated(
    'create lease',
    await client.post('/app/api/v1/leases', { ...overrides, store_id: storeId }),
  );
}

/** A franchise agreement made through the API; without `brand_id` it gets a new brand of its own. */
export async function buildAgreement(
  client: TestClient,
  overrides: Body<AgreementInput> = {},
): Promise<Agreement> {
  const brandId = overrides.brand_id ?? (await buildBrand(client)).id;
  return expectCreated(
    'create agreement',
    await client.post('/app/api/v1/agreements', { ...overrides, brand_id: brandId }),
  );
}

/** A reminder made through the API, due in a week unless `due_date` is given. */
export async function buildReminder(
  client: TestClient,
  overrides: Body<ReminderInput> = {},
): Promise<Reminder> {
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return expectCreated(
    'create reminder',
    await client.post('/app/api/v1/reminders', {
      title: `Reminder ${unique()}`,
      due_date: dueDate,
      ...overrides,
    }),
  );
}

export type FileToSend = { name: string; content: Buffer | string; type?: string; field?: string };

/**
 * Posts one file as multipart/form-data (fields first, as the web client sends them) and returns the
 * response as it is, for tests about what the server refuses.
 */
export function postFile(
  client: TestClient,
  url: string,
  file: FileToSend,
  fields: Record<string, string | string[]> = {},
) {
  const { body, headers } = multipartBody(fields, [
    { field: file.field ?? 'file', name: file.name, content: Buffer.from(file.content), type: file.type },
  ]);
  return client.request('POST', url, body, headers);
}

/**
 * A document uploaded through the API: into the team's library, or into a record's or contract's
 * documents with `to`. Fails the test unless it was created.
 */
export async function uploadDocument(
  client: TestClient,
  options: Partial<FileToSend> & {
    to?: { type: LinkableType; id: number };
    fields?: Record<string, string | string[]>;
  } = {},
): Promise<DocumentDto> {
  const url = options.to
    ? `/app/api/v1/${options.to.type}/${options.to.id}/documents`
    : '/app/api/v1/documents';
  const file = { name: 'notes.txt', content: 'Lease notes', ...options };
  return expectCreated('upload document', await postFile(client, url, file, options.fields));
}

/** Uploads a spreadsheet to import as `type` records; the response as it is (the import is not run). */
export function uploadImport(
  client: TestClient,
  type: string,
  file: FileToSend,
  fields: Record<string, string | string[]> = {},
) {
  return postFile(client, '/app/api/v1/imports', file, { type, ...fields });
}

/**
 * Stores written straight into the table and the search index, many at once (a team of thousands in a test); the
 * team's stores returned in id order.
 */
export async function insertStores(ctx: TestContext, teamId: number, names: string[]) {
  const now = nowIso();
  await insertMany(
    ctx.db,
    'stores',
    {
      team_id: 'integer',
      name: 'text',
      status: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    names.map((name) => ({ team_id: teamId, name, status: 'open', created_at: now, updated_at: now })),
  );
  const stores = await ctx.db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('team_id', '=', teamId)
    .orderBy('id')
    .execute();
  await indexRecords(
    ctx.db,
    teamId,
    stores.map((store) => ({ teamId, type: 'stores', id: store.id, title: store.name, subtitle: null })),
    { created: true },
  );
  return stores;
}
