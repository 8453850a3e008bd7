import { randomBytes } from 'node:crypto';
import type { TeamRole } from '@storekeep/contracts';
import { nowIso } from '../src/platform/clock';
import type { MailMessage } from '../src/platform/mail';
import { hashPassword } from '../src/modules/auth/passwords';
import { createPersonalTeam } from '../src/modules/teams/service';
import { addMember as insertMember } from '../src/modules/teams/repository';
import { insertUser } from '../src/modules/users/repository';
import type { TestContext } from './context';
import type { TestClient } from './client';

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
