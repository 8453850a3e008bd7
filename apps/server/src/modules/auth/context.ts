import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, DEMO_EMAIL, SESSION_COOKIE, type TeamRole } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { UserRow } from '../../platform/db/schema';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
import { nowIso } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import type { Actor } from '../../platform/policy';
import { isValidCsrf } from './csrf';
import * as repo from './repository';
import { listUserTeams } from '../users/repository';
import { sessionExpiry } from './session-cookie';

/**
 * Every /app route declares who may call it:
 * - public: anyone (the caller is still identified when signed in);
 * - auth: a signed-in user, any team state;
 * - team: a signed-in user acting in their current team, whose subscription is not inactive.
 * Role checks (observer, manager, admin, owner) are the modules' policies.
 */
export type Guard = 'public' | 'auth' | 'team';

export type TeamContext = {
  id: number;
  name: string;
  owner_id: number;
  subscription_status: string;
  role: TeamRole;
};

export type RequestAuth = {
  user: UserRow;
  via: 'session' | 'token';
  sessionId: string | null;
  tokenId: number | null;
  teams: TeamContext[];
  team: TeamContext | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
    /** Set false only for endpoints verified otherwise (signed webhooks). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOUCH_EVERY_MS = 60_000;

export type RouteGuardEntry = { method: string; url: string; guard: Guard };

/** Installs the auth hooks and returns the live table of every /app route with its guard. */
export function installAuthContext(app: FastifyInstance, deps: Deps): RouteGuardEntry[] {
  const table: RouteGuardEntry[] = [];
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/app')) return;
    const guard = route.config?.guard;
    if (!guard) throw new Error(`Route ${String(route.method)} ${route.url} declares no guard (public, auth or team).`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, guard });
  });

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/app') || !config.guard) return;
    request.auth = await resolveAuth(request, reply, deps);

    if (MUTATING.has(request.method) && request.auth?.via !== 'token' && config.csrf !== false) {
      const header = request.headers[CSRF_HEADER];
      if (!isValidCsrf(deps.appKey, request.cookies[CSRF_COOKIE], typeof header === 'string' ? header : undefined)) {
        throw new AppError('csrf', 'CSRF token mismatch.');
      }
    }

    if (config.guard === 'public') return;
    if (!request.auth) throw unauthenticated();
    if (config.guard === 'team') {
      if (!request.auth.team) throw forbidden('You do not belong to a team.');
      if (request.auth.team.subscription_status === 'inactive') {
        throw forbidden('This team’s subscription is inactive.');
      }
    }
  });
  return table;
}

async function resolveAuth(request: FastifyRequest, reply: FastifyReply, deps: Deps): Promise<RequestAuth | null> {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const token = await repo.findToken(deps.db, sha256(authorization.slice(7).trim()));
    if (!token) return null;
    const user = await repo.findUserById(deps.db, token.user_id);
    if (!user) return null;
    await repo.touchToken(deps.db, token.id, nowIso());
    return withTeams(deps, { user, via: 'token', sessionId: null, tokenId: token.id });
  }

  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return null;
  const sessionId = sha256(cookie);
  // One round trip for the session and its user (the cascade guarantees the user of a live session exists).
  const found = await repo.findSessionWithUser(deps.db, sessionId);
  const now = nowIso();
  if (!found || found.session.expires_at <= now) {
    if (found) await repo.deleteSession(deps.db, sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  const { session, user } = found;
  // Sliding expiry, written at most once a minute so reads stay reads.
  if (Date.parse(now) - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
    await repo.touchSession(deps.db, sessionId, now, sessionExpiry(Boolean(session.remember), now));
  }
  return withTeams(deps, { user, via: 'session', sessionId, tokenId: null });
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
    role: auth.team.role,
    isOwner: auth.team.owner_id === auth.user.id,
    isDemo: isDemoUser(auth.user, deps.config.SEED_DEMO),
    ip: request.ip,
  };
}

export function isDemoUser(user: Pick<UserRow, 'email'>, seedDemo: boolean): boolean {
  return seedDemo && user.email === DEMO_EMAIL;
}
