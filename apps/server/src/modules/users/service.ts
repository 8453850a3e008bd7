import type { AuthUser, UpdatePasswordInput, UpdateProfileInput } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { recordActivity, diff } from '../activities/index';
import {
  endAllCredentials,
  hashPassword,
  verifyPassword,
  assertUncommonPassword,
  isDemoUser,
  type RequestAuth,
  addressLinkPath,
  LINK_MINUTES,
  linkExpiry,
} from '../auth/index';
import { enqueueMail } from '../../platform/mail';
import { enforceLimit } from '../../platform/rate-limit';
import { nameForMail } from '../../platform/text';
import { findUserByEmail, findUserById, listUserTeams, updateUser } from './repository';
import { presentAuthUser } from './presenter';
import { memberScope } from '../../platform/policy';
import { keptUnreadCount, unreadCount } from '../reminders/index';

/** The signed-in user as the spec's client sees it, read fresh (after a login, switch or edit). */
export async function loadAuthUser(deps: Deps, db: Executor, userId: number): Promise<AuthUser> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const teams = await listUserTeams(db, userId);
  const current = teams.find((t) => t.id === user.current_team_id) ?? teams[0] ?? null;
  const notifications = current ? await unreadCount(db, memberScope(current)) : 0;
  return presentAuthUser(user, teams, current, {
    notifications,
    isDemo: isDemoUser(user, deps.config.SEED_DEMO),
  });
}

/**
 * The same answer for the caller of this request, from what the auth context already resolved (the
 * session's user and teams, fresh or from the session cache, which is exact — see platform/auth-cache.ts):
 * only the unread count is read here.
 */
export async function presentCaller(deps: Deps, auth: RequestAuth): Promise<AuthUser> {
  return callerWith(deps, auth, auth.team ? await unreadCount(deps.db, memberScope(auth.team)) : 0);
}

/**
 * `presentCaller`'s answer when the unread count is kept in this process for the team's current version: the
 * web app asks it on every page, and an answer that awaits nothing is sent in the turn the request arrived.
 */
export function keptCaller(deps: Deps, auth: RequestAuth): AuthUser | undefined {
  const notifications = auth.team ? keptUnreadCount(deps.db, memberScope(auth.team)) : 0;
  return notifications === undefined ? undefined : callerWith(deps, auth, notifications);
}

const callerWith = (deps: Deps, auth: RequestAuth, notifications: number) =>
  presentAuthUser(auth.user, auth.teams, auth.team, {
    notifications,
    isDemo: isDemoUser(auth.user, deps.config.SEED_DEMO),
  });

function refuseDemo(deps: Deps, auth: RequestAuth) {
  if (isDemoUser(auth.user, deps.config.SEED_DEMO))
    throw forbidden('The demo account cannot change its profile.');
}

/** Asking to change the e-mail address: a few a day are plenty, and each sends two e-mails. */
const EMAIL_CHANGES_PER_HOUR = 6;

/**
 * Name changes apply at once. A new e-mail address needs the current password and applies only when the
 * link mailed to it is opened (auth/service confirmEmailChange); the current address is told. The answer
 * is the same whether or not the new address belongs to another account (that address is told instead of
 * getting a link), so the form says nothing about who has an account. Sending the current address again
 * drops a pending change.
 */
export async function updateProfile(
  deps: Deps,
  auth: RequestAuth,
  input: UpdateProfileInput & { email: string },
  ip: string,
) {
  refuseDemo(deps, auth);
  const user = auth.user;
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    await enforceLimit(deps.limiter, {
      key: `email-change:${user.id}`,
      max: EMAIL_CHANGES_PER_HOUR,
      windowSeconds: 3600,
      message: 'Too many e-mail changes. Please try again in :seconds seconds.',
      field: 'email',
    });
    if (!input.current_password)
      throw invalid('current_password', 'Enter your current password to change your e-mail address.');
    if (!(await verifyPassword(user.password_hash, input.current_password))) {
      throw invalid('current_password', 'The provided password does not match your current password.');
    }
  }
  return writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const changes = diff(user, { name: input.name });
    if (emailChanged) {
      const expires = linkExpiry();
      await updateUser(
        trx,
        user.id,
        {
          name: input.name,
          pending_email: input.email,
          pending_email_expires_at: new Date(expires * 1000).toISOString(),
        },
        now,
      );
      await sendEmailChangeMails(
        deps,
        trx,
        { id: user.id, name: input.name, email: user.email },
        input.email,
        expires,
      );
      await recordActivity(trx, {
        teamId: auth.team?.id ?? null,
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        action: 'email_change_requested',
        changes: { email: [user.email, input.email] },
        ip,
      });
    } else {
      await updateUser(
        trx,
        user.id,
        {
          name: input.name,
          ...(user.pending_email ? { pending_email: null, pending_email_expires_at: null } : {}),
        },
        now,
      );
    }
    // Lists of every team the user belongs to show their name (a document's uploader, a reminder's
    // assignees) and are kept by the team's write version: a new name is a write of each of those teams.
    if (changes.name) for (const team of auth.teams) await bumpTeamWriteVersion(trx, team.id);
    if (Object.keys(changes).length) {
      await recordActivity(trx, {
        teamId: auth.team?.id ?? null,
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        action: 'updated',
        changes,
        ip,
      });
    }
    return loadAuthUser(deps, trx, user.id);
  }).finally(() => deps.mail.kick());
}

/** The confirmation link to the new address (or, when it is taken, a note to its owner) and a notice to the current one. */
async function sendEmailChangeMails(
  deps: Deps,
  trx: Executor,
  user: { id: number; name: string; email: string },
  newEmail: string,
  expires: number,
) {
  const name = nameForMail(user.name);
  if (await findUserByEmail(trx, newEmail)) {
    await enqueueMail(trx, {
      to: newEmail,
      subject: 'Your address was entered on another Storekeep account',
      text: `Hello,

Someone asked to move another Storekeep account to this e-mail address. It already belongs to your account, so nothing was changed.

If it was not you, no further action is required.
`,
    });
  } else {
    const url = `${deps.config.APP_URL}${addressLinkPath(deps.appKey, 'change', user.id, newEmail, expires)}`;
    await enqueueMail(trx, {
      to: newEmail,
      subject: 'Confirm your new e-mail address',
      text: `Hello ${name},

You asked to use this address for your Storekeep account. Confirm it by opening this link:

${url}

The link expires in ${LINK_MINUTES} minutes. Until then your account keeps its current address. If you did not ask for this, no further action is required.
`,
    });
  }
  await enqueueMail(trx, {
    to: user.email,
    subject: 'A change of your Storekeep e-mail address was requested',
    text: `Hello ${name},

Someone signed in to your Storekeep account asked to change its e-mail address to ${newEmail}. The change applies only once it is confirmed from that address.

If it was not you, change your password now:

${deps.config.APP_URL}/password/reset
`,
  });
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
    // A changed password ends every other session and every API token: a thief holding one is locked out.
    // The caller's own session continues (under a new id, rotated by the route).
    const ended = await endAllCredentials(trx, auth.user.id, auth.sessionId);
    await recordActivity(trx, {
      teamId: auth.team?.id ?? null,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'password_changed',
      changes: ended,
      ip,
    });
  });
}
