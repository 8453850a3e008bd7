import type { AuthUser, UpdatePasswordInput, UpdateProfileInput } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { recordActivity, diff } from '../activities/service';
import { findUserById, findUserByEmail, deleteOtherSessions } from '../auth/repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { assertUncommonPassword } from '../auth/common-passwords';
import { isDemoUser, type RequestAuth } from '../auth/context';
import { sendVerificationMail } from '../auth/verification';
import { listUserTeams, updateUser } from './repository';
import { presentAuthUser } from './presenter';
import { unreadCount } from '../reminders/service';

/** The signed-in user as the spec's client sees it, read fresh (after a login, switch or edit). */
export async function loadAuthUser(deps: Deps, db: Executor, userId: number): Promise<AuthUser> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const teams = await listUserTeams(db, userId);
  const current = teams.find((t) => t.id === user.current_team_id) ?? teams[0] ?? null;
  const notifications = current ? await unreadCount(db, current.id) : 0;
  return presentAuthUser(user, teams, current, { notifications, isDemo: isDemoUser(user, deps.config.SEED_DEMO) });
}

/**
 * The same answer for the caller of this request, from what the auth context already resolved (the
 * session's user and teams, fresh or from the session cache, which is exact — see platform/auth-cache.ts):
 * only the unread count is read here.
 */
export async function presentCaller(deps: Deps, auth: RequestAuth): Promise<AuthUser> {
  const notifications = auth.team ? await unreadCount(deps.db, auth.team.id) : 0;
  return presentAuthUser(auth.user, auth.teams, auth.team, { notifications, isDemo: isDemoUser(auth.user, deps.config.SEED_DEMO) });
}

function refuseDemo(deps: Deps, auth: RequestAuth) {
  if (isDemoUser(auth.user, deps.config.SEED_DEMO)) throw forbidden('The demo account cannot change its profile.');
}

export async function updateProfile(deps: Deps, auth: RequestAuth, input: UpdateProfileInput & { email: string }, ip: string) {
  refuseDemo(deps, auth);
  const user = auth.user;
  return writeTransaction(deps.db, async (trx) => {
    if (input.email !== user.email && (await findUserByEmail(trx, input.email))) {
      throw invalid('email', 'The email has already been taken.');
    }
    const now = nowIso();
    const emailChanged = input.email !== user.email;
    const changes = diff(user, { name: input.name, email: input.email });
    await updateUser(trx, user.id, { name: input.name, email: input.email, ...(emailChanged ? { email_verified_at: null } : {}) }, now);
    if (emailChanged) await sendVerificationMail(deps, trx, { id: user.id, email: input.email, name: input.name });
    if (Object.keys(changes).length) {
      await recordActivity(trx, { teamId: auth.team?.id ?? null, userId: user.id, subjectType: 'user', subjectId: user.id, action: 'updated', changes, ip });
    }
    return loadAuthUser(deps, trx, user.id);
  }).finally(() => deps.mail.kick());
}

export async function updatePassword(deps: Deps, auth: RequestAuth, input: UpdatePasswordInput, ip: string) {
  refuseDemo(deps, auth);
  if (!(await verifyPassword(auth.user.password_hash, input.current_password))) {
    throw invalid('current_password', 'The provided password does not match your current password.');
  }
  await assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await writeTransaction(deps.db, async (trx) => {
    await updateUser(trx, auth.user.id, { password_hash: passwordHash }, nowIso());
    // A changed password ends every other session: a thief holding an old one is locked out.
    await deleteOtherSessions(trx, auth.user.id, auth.sessionId);
    await recordActivity(trx, { teamId: auth.team?.id ?? null, userId: auth.user.id, subjectType: 'user', subjectId: auth.user.id, action: 'password_changed', ip });
  });
}
