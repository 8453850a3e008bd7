import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, DEMO_EMAIL, isSubscriptionBlocked, type TeamRole } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { UserRow } from '../../platform/db/schema';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import { nowIso } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { isSpaPage } from '../../platform/spa';
import { memberScope, type Actor } from '../../platform/policy';
import { isValidCsrf } from './csrf';
import * as repo from './repository';
import { findTokenByHash, touchToken } from '../tokens/index';
import { findUserById, listUserTeams } from '../users/index';
import {
  clearSessionCookie,
  csrfCookieName,
  SESSION_TOKEN_BYTES,
  sessionAbsoluteEnd,
  sessionCookieName,
  sessionExpiry,
} from './session-cookie';
import { createAuthCache, type AuthCache } from '../../platform/auth-cache';
import { recordActivity } from '../activities/index';

/**
 * Every /app route declares who may call it:
 * - public: anyone (the caller is still identified when signed in);
 * - auth: a signed-in user, any team state;
 * - team: a signed-in user acting in their current team, whose subscription is not closed (canceled or
 *   inactive; past_due keeps access). A closed team answers 403 to everyone, its owner included: the
 *   SPA sends the owner to /reactivate, whose billing calls use the `auth` guard.
 * Role checks (observer, manager, admin, owner) are the modules' policies.
 */
export type Guard = 'public' | 'auth' | 'team';

export type TeamContext = {
  id: number;
  name: string;
  owner_id: number;
  subscription_status: string;
  role: TeamRole;
  /** The companies the member is limited to (a franchisee's people); null for the whole team. */
  company_ids: readonly number[] | null;
};

export type RequestAuth = {
  user: UserRow;
  via: 'session' | 'token';
  sessionId: string | null;
  tokenId: number | null;
  /** A personal access token made to read only: it may send GET requests and nothing else. */
  readOnly: boolean;
  teams: TeamContext[];
  team: TeamContext | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
    /** Set false only for endpoints verified otherwise (signed webhooks). */
    csrf?: boolean;
    /**
     * Whether a member limited to companies may call the route. A `team` route admits them only when it says
     * `true`: it narrows every statement to their companies (or serves only the caller's own settings); every
     * other team route answers them 403, so a route nobody narrowed never widens what they see. An `auth`
     * route is the caller's own and admits them unless it says `false` (it serves the whole team's stream).
     */
    companyScope?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOUCH_EVERY_MS = 60_000;
/** Path parameters that are secrets themselves: never written to the audit log. */
const SECRET_PARAM = /:(token|file|hash|key)\b/;

/** `csrf` is false only for routes verified otherwise (`config.csrf: false`). */
/** `companyScope`: whether a member limited to companies may call it (see `FastifyContextConfig`). */
export type RouteGuardEntry = {
  method: string;
  url: string;
  guard: Guard;
  csrf: boolean;
  companyScope: boolean;
};

/** What a session cookie resolves to; cached (platform/auth-cache.ts) and never mutated except the touch times. */
type SessionLookup = {
  /** What a touch needs to compute the next expiry. */
  session: Readonly<{ remember: boolean; created_at: string }>;
  /**
   * The session's times in epoch milliseconds, the only copy kept: every request compares them, and parsing
   * the stored text was most of that.
   */
  times: SessionTimes;
  user: Readonly<UserRow>;
  teams: readonly TeamContext[];
};
type SessionTimes = { lastSeen: number; expires: number; absoluteEnd: number };
const sessionCaches = new WeakMap<Deps, AuthCache<SessionLookup>>();

/** Installs the auth hooks and returns the live table of every /app route with its guard. */
export function installAuthContext(app: FastifyInstance, deps: Deps): RouteGuardEntry[] {
  const table: RouteGuardEntry[] = [];
  app.decorateRequest('auth', null);
  const cache = createAuthCache<SessionLookup>(deps.db, deps.dialect);
  sessionCaches.set(deps, cache);
  app.addHook('onClose', () => cache.close());

  app.addHook('onRoute', (route) => {
    // Every /app route must declare a guard; operational routes outside /app (health, metrics) that
    // declare one are listed too, so the snapshot shows them.
    if (!route.url.startsWith('/app') && !route.config?.guard) return;
    const guard = route.config?.guard;
    if (!guard)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no guard (public, auth or team).`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        table.push({
          method,
          url: route.url,
          guard,
          csrf: route.config?.csrf !== false,
          companyScope:
            guard === 'team' ? route.config?.companyScope === true : route.config?.companyScope !== false,
        });
  });

  // Authorization denials go to the audit log: every 403, and a 404 on a route with an id in its path
  // (another team's record answers 404, so probing for ids shows up). Written outside any transaction
  // and never failing the answer: the refusal is what matters to the caller.
  // Hooks in the `done` style: most requests pass them without waiting for anything, and an async hook
  // would cost each of them a promise and a turn of the event loop.
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    if (
      !request.auth ||
      !route?.startsWith('/app') ||
      !(status === 403 || (status === 404 && route.includes('/:')))
    )
      return done(null, payload);
    void recordDenial(request, route, status).then(() => done(null, payload));
  });
  const recordDenial = async (request: FastifyRequest, route: string, status: number) => {
    const auth = request.auth!;
    try {
      await recordActivity(deps.db, {
        teamId: auth.team?.id ?? null,
        userId: auth.user.id,
        subjectType: 'request',
        subjectId: null,
        action: 'access_denied',
        // The path names the record asked for, unless a parameter is itself a secret (invitation, device or
        // calendar tokens); no body, query or header is logged.
        changes: {
          method: request.method,
          route,
          path: SECRET_PARAM.test(route) ? route : request.url.split('?')[0]!.slice(0, 300),
          status,
          via: auth.via,
        },
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not record an access denial');
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    if (!config.guard && isSpaPage(request.method, request.url.split('?')[0] ?? '/')) {
      // The app's HTML preloads the page's API answers; the not-found handler names them only for a session
      // the API will answer (platform/spa.ts). A lookup that fails leaves them out: the page asks itself.
      if (!request.cookies[sessionCookieName(deps)]) return done();
      resolveAuth(request, reply, deps).then(
        (auth) => {
          request.auth = auth;
          done();
        },
        (error: unknown) => {
          request.log.warn({ err: error }, 'page request: session not resolved');
          done();
        },
      );
      return;
    }
    if (!request.url.startsWith('/app') || !config.guard) return done();
    // A session whose caller is kept (and needs no touch) is resolved in this turn, without a promise.
    const kept = keptSessionAuth(request, deps);
    if (kept === undefined) return void authenticate(request, reply).then(() => done(), done);
    request.auth = kept;
    checkAccess(request);
    done();
  });

  /** The caller of a guarded /app route, and the checks every such route makes before its handler. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    request.auth = await resolveAuth(request, reply, deps);
    checkAccess(request);
  };

  /** What every guarded /app route checks of its caller before its handler: throws the refusal. */
  const checkAccess = (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (MUTATING.has(request.method) && request.auth?.via !== 'token' && config.csrf !== false) {
      const header = request.headers[CSRF_HEADER];
      if (
        !isValidCsrf(
          deps.appKey,
          request.cookies[csrfCookieName(deps)],
          typeof header === 'string' ? header : undefined,
        )
      ) {
        throw new AppError('csrf', 'CSRF token mismatch.');
      }
    }

    if (config.guard === 'public') return;
    if (!request.auth) throw unauthenticated();
    if (request.auth.readOnly && request.method !== 'GET' && request.method !== 'HEAD')
      throw forbidden('This API token may only read.');
    if (config.guard === 'team') {
      if (!request.auth.team) throw forbidden('You do not belong to a team.');
      if (isSubscriptionBlocked(request.auth.team.subscription_status)) {
        throw forbidden('This team’s subscription is inactive.');
      }
    }
    const limited = request.auth.team?.company_ids != null;
    if (limited && (config.guard === 'team' ? config.companyScope !== true : config.companyScope === false))
      throw forbidden('Your access is limited to your companies’ records.');
  };
  return table;
}

async function resolveAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
): Promise<RequestAuth | null> {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const token = await findTokenByHash(deps.db, sha256(authorization.slice(7).trim()));
    const now = nowIso();
    if (!token || (token.expires_at && token.expires_at <= now)) return null;
    const user = await findUserById(deps.db, token.user_id);
    if (!user) return null;
    await touchToken(deps.db, token.id, now);
    return withTeams(deps, {
      user,
      via: 'token',
      sessionId: null,
      tokenId: token.id,
      readOnly: token.abilities === 'read',
    });
  }

  const cookie = request.cookies[sessionCookieName(deps)];
  if (!cookie) return null;
  const sessionId = sessionIdOf(cookie);
  const cache = sessionCaches.get(deps)!;
  const load = () => loadSession(deps, sessionId);
  let found = await cache.lookup(sessionId, load);
  const now = Date.now();
  // Written as "not after now", so a time that failed to parse (NaN) ends the session rather than keeping it.
  if (found && !(found.times.expires > now)) {
    // Expired by this copy's clock; another instance may have extended it since: ask the database.
    cache.forget(sessionId);
    found = await load();
  }
  if (!found || ended(found, now)) {
    if (found) await repo.deleteSession(deps.db, sessionId);
    clearSessionCookie(deps, reply);
    return null;
  }
  const { session, times } = found;
  // Sliding expiry, written at most once a minute (per instance) so reads stay reads.
  if (now - times.lastSeen > TOUCH_EVERY_MS) {
    const nowText = new Date(now).toISOString();
    const expiresAt = sessionExpiry(session.remember, nowText, session.created_at);
    times.lastSeen = now;
    times.expires = Date.parse(expiresAt);
    await repo.touchSession(deps.db, sessionId, nowText, expiresAt);
  }
  return sessionAuth(found, sessionId);
}

/** Idle expiry (stored, sliding) or the absolute end since sign-in, whichever comes first. */
const ended = ({ times }: SessionLookup, now: number) => !(times.expires > now && times.absoluteEnd > now);

/**
 * `resolveAuth`'s answer for a session cookie when it needs nothing read or written: the session is in the cache
 * and trusted as is, has not ended, and was touched within the minute. Undefined when `resolveAuth` must run.
 */
function keptSessionAuth(request: FastifyRequest, deps: Deps): RequestAuth | null | undefined {
  if (request.headers.authorization?.startsWith('Bearer ')) return undefined;
  const cookie = request.cookies[sessionCookieName(deps)];
  if (!cookie) return null;
  const sessionId = sessionIdOf(cookie);
  const found = sessionCaches.get(deps)!.peek(sessionId);
  const now = Date.now();
  if (!found || ended(found, now) || now - found.times.lastSeen > TOUCH_EVERY_MS) return undefined;
  return sessionAuth(found, sessionId);
}

function sessionAuth({ user, teams }: SessionLookup, sessionId: string): RequestAuth {
  // A user removed from their current team falls back to another of theirs.
  const team = teams.find((t) => t.id === user.current_team_id) ?? teams[0] ?? null;
  return {
    user: user as UserRow,
    via: 'session',
    sessionId,
    tokenId: null,
    readOnly: false,
    teams: teams as TeamContext[],
    team,
  };
}

/**
 * A cookie's session id (its hash), remembered for the cookies seen lately: every request of a session hashes
 * the same cookie, a few microseconds each time. Only cookies of a real token's length are remembered, so a
 * stream of forged long cookies cannot fill memory; at the bound the map starts over.
 */
const recentSessionIds = new Map<string, string>();
const RECENT_SESSION_IDS = 10_000;
const TOKEN_LENGTH = randomToken(SESSION_TOKEN_BYTES).length;
function sessionIdOf(cookie: string): string {
  let id = recentSessionIds.get(cookie);
  if (id !== undefined) return id;
  id = sha256(cookie);
  if (cookie.length === TOKEN_LENGTH) {
    if (recentSessionIds.size >= RECENT_SESSION_IDS) recentSessionIds.clear();
    recentSessionIds.set(cookie, id);
  }
  return id;
}

/** The session, its user (one round trip: the cascade guarantees the user of a live session exists) and their teams. */
async function loadSession(deps: Deps, sessionId: string): Promise<SessionLookup | undefined> {
  const found = await repo.findSessionWithUser(deps.db, sessionId);
  if (!found) return undefined;
  const teams = await listUserTeams(deps.db, found.user.id);
  const { session } = found;
  const remember = Boolean(session.remember);
  // Frozen: the same objects serve every request of the session while cached.
  return {
    session: Object.freeze({ remember, created_at: session.created_at }),
    times: {
      lastSeen: Date.parse(session.last_seen_at),
      expires: Date.parse(session.expires_at),
      absoluteEnd: Date.parse(sessionAbsoluteEnd(remember, session.created_at)),
    },
    user: Object.freeze(found.user),
    teams: Object.freeze(teams.map((t) => Object.freeze(t))),
  };
}

/** How many cookies' session ids are remembered (for tests). */
export const rememberedSessionIds = () => recentSessionIds.size;

/** How many session lookups this app answered from its cache (for tests). */
export function sessionCacheHits(deps: Deps): number {
  return sessionCaches.get(deps)?.hits ?? 0;
}

/** Drops this instance's cached copy of a session at once (the database tells the other instances). */
export function forgetSession(deps: Deps, sessionId: string) {
  sessionCaches.get(deps)?.forget(sessionId);
}

async function withTeams(deps: Deps, base: Omit<RequestAuth, 'teams' | 'team'>): Promise<RequestAuth> {
  const teams = await listUserTeams(deps.db, base.user.id);
  // A user removed from their current team falls back to another of theirs.
  const team = teams.find((t) => t.id === base.user.current_team_id) ?? teams[0] ?? null;
  return { ...base, teams, team };
}

/** The team-scoped caller of a `team` route. */
export function actorOf(request: FastifyRequest, deps: Pick<Deps, 'config'>): Actor {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (!auth.team) throw forbidden('You do not belong to a team.');
  return {
    user: auth.user,
    teamId: auth.team.id,
    scope: memberScope(auth.team),
    role: auth.team.role,
    isOwner: auth.team.owner_id === auth.user.id,
    isDemo: isDemoUser(auth.user, deps.config.SEED_DEMO),
    ip: request.ip,
  };
}

/**
 * Refuses an account whose address is not proven yet: anyone can sign up with someone else's address, so
 * what outlives a password reset (API tokens) or grants another team's data (invitations) waits for the link.
 */
export function requireVerifiedEmail(user: Pick<UserRow, 'email_verified_at'>, action: string) {
  if (!user.email_verified_at) throw forbidden(`Verify your e-mail address before you ${action}.`);
}

export function isDemoUser(user: Pick<UserRow, 'email'>, seedDemo: boolean): boolean {
  return seedDemo && user.email === DEMO_EMAIL;
}
