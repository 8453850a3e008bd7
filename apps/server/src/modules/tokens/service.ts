import { addDays } from 'date-fns/addDays';
import { tokenInputSchema, type ApiToken, type NewApiToken, type TokenAbility } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { forbidden, notFound } from '../../platform/errors';
import { isDemoUser, requireVerifiedEmail, type RequestAuth } from '../auth/index';
import { recordActivity } from '../activities/index';
import * as repo from './repository';
import { writeTransaction } from '../../platform/db';

type Row = Awaited<ReturnType<typeof repo.tokensOf>>[number];

const present = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  abilities: row.abilities as TokenAbility,
  last_used_at: row.last_used_at,
  expires_at: row.expires_at,
  created_at: row.created_at,
});

/** Tokens are managed from a signed-in browser: a token cannot make or revoke tokens (a leaked one stays contained). */
function fromSession(auth: RequestAuth) {
  if (auth.via !== 'session')
    throw forbidden('API tokens are managed from the profile page, not with a token.');
}

export async function listTokens(deps: Deps, auth: RequestAuth): Promise<ApiToken[]> {
  return (await repo.tokensOf(deps.db, auth.user.id)).map(present);
}

export async function createToken(
  deps: Deps,
  auth: RequestAuth,
  raw: unknown,
  ip: string | null,
): Promise<NewApiToken> {
  fromSession(auth);
  // The shared demo account is for looking around; keys to it would outlive every visitor.
  if (isDemoUser(auth.user, deps.config.SEED_DEMO))
    throw forbidden('The demo account cannot make API tokens.');
  requireVerifiedEmail(auth.user, 'make API tokens');
  const input = tokenInputSchema.parse(raw);
  // The prefix says what the secret is when it turns up in a log or a commit.
  const secret = `sk_${randomToken(30)}`;
  const now = nowIso();
  const expiresAt =
    input.expires_in_days === null ? null : addDays(new Date(now), input.expires_in_days).toISOString();
  const row = await writeTransaction(deps.db, async (trx) => {
    const created = await repo.insertToken(trx, {
      userId: auth.user.id,
      name: input.name,
      tokenHash: sha256(secret),
      abilities: input.abilities,
      expiresAt,
      now,
    });
    await recordActivity(trx, {
      teamId: auth.team?.id ?? null,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'token_created',
      changes: { name: input.name, abilities: input.abilities, expires_at: expiresAt },
      ip,
    });
    return created;
  });
  return { ...present(row), plain_text_token: secret };
}

export async function revokeToken(deps: Deps, auth: RequestAuth, id: number, ip: string | null) {
  fromSession(auth);
  await writeTransaction(deps.db, async (trx) => {
    if (!(await repo.deleteUserToken(trx, auth.user.id, id))) throw notFound('Token');
    await recordActivity(trx, {
      teamId: auth.team?.id ?? null,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'token_revoked',
      changes: { token_id: id },
      ip,
    });
  });
}
