import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '@storekeep/contracts';
import type { Deps } from './deps';
import { teamWriteVersion } from './team-cache';

/**
 * The GET routes whose answer depends only on the team's data (its write version), the caller (user, team
 * membership: role and scope), the URL and the time of day. Each is listed after checking that every write
 * that changes it bumps the version (records, leases and agreements through their search index; settings
 * and holidays through teams/settings.ts; the dashboard is itself cached on the version). Routes whose
 * answers hold per-user state the version does not cover (reminders' read marks, notes, tokens) or
 * short-lived signed links (documents) are not listed.
 */
export const CONDITIONAL_ROUTES: ReadonlySet<string> = new Set([
  ...['stores', 'companies', 'brands', 'contacts', 'leases', 'agreements'].flatMap((type) => [
    `${API_BASE}/${type}`,
    `${API_BASE}/${type}/:id`,
  ]),
  `${API_BASE}/dashboard`,
]);

/**
 * Team data can change the day a date falls on without any write (an option becomes overdue at midnight in
 * the team's zone); every zone's midnight falls on a quarter hour of UTC, so a tag lives at most until the
 * next one. Signed image links in a body last at least a day (records/images.ts), far longer.
 */
const SLOT_MS = 15 * 60_000;

/**
 * A new build may shape the same data differently: a browser must not keep showing the old body after a
 * deploy. The build's own file time is the same on every instance started from one image (and across
 * restarts), unlike a random boot id, so a load balancer's instances share their tags.
 */
const BUILD = (() => {
  try {
    return String(fs.statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    return String(Date.now());
  }
})();

const tags = new WeakMap<FastifyRequest, string>();

/** The weak tag of what this caller would get for this URL at this team write version. */
export function conditionalTag(request: FastifyRequest, version: number, now = Date.now()): string | null {
  const auth = request.auth;
  const team = auth?.team;
  if (!auth || !team) return null;
  // The whole membership (role, ownership, the companies a member is limited to, …): what one member may
  // see another may not, and a changed role or scope must not revalidate a body made for the old one.
  const key = [
    BUILD,
    version,
    auth.user.id,
    auth.readOnly ? 'read' : 'write',
    JSON.stringify(team),
    Math.floor(now / SLOT_MS),
    request.url,
  ].join('\u0000');
  return `W/"${createHash('sha1').update(key).digest('base64url')}"`;
}

/** True when the If-None-Match header names the tag (a list of tags, or `*`, per RFC 9110 §13.1.2). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison: W/"x" and "x" are the same tag.
  const opaque = tag.slice(2);
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/**
 * Conditional GETs for CONDITIONAL_ROUTES: after the auth hook (so a signed-out or foreign
 * caller never learns anything from a tag), one read of the team's write version decides. Nothing else
 * touches the database on a 304. `private, no-cache` lets a browser keep the body but ask every time.
 */
export function registerConditionalGets(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!CONDITIONAL_ROUTES.has(request.routeOptions.url ?? '')) return;
    const team = request.auth?.team;
    if (!team) return;
    const tag = conditionalTag(request, await teamWriteVersion(deps.db, team.id));
    if (!tag) return;
    const header = request.headers['if-none-match'];
    if (matches(typeof header === 'string' ? header : undefined, tag)) {
      return reply.code(304).header('etag', tag).header('cache-control', 'private, no-cache').send();
    }
    tags.set(request, tag);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const tag = tags.get(request);
    // An error answer (a 404 of a record another team owns) carries no tag: only a 200 is worth keeping.
    if (tag && reply.statusCode === 200) {
      reply.header('etag', tag);
      reply.header('cache-control', 'private, no-cache');
    }
    return payload;
  });
}
