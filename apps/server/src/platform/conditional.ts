import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { API_BASE } from '@storekeep/contracts';
import type { Deps } from './deps';
import { SAFE_METHODS, routeWrites, withHook } from './route-hooks';
import { bumpTeamWriteVersion, teamVersionAndToday } from './team-cache';

/**
 * The GET routes whose answer depends only on the team's data (its write version), the caller (user, team
 * membership: role and scope), the URL and the team's date. Each is listed after checking that every write
 * that changes it bumps the version (records, leases and agreements through their search index; settings
 * and holidays through teams/settings.ts; the dashboard is itself cached on the version; any API write by a
 * member through the onSend hook below; a document's extraction when it finishes; a user's new name in every
 * team they belong to). The documents list carries no signed link (only a single document does), and the
 * reminders inbox's per-user state — read marks, assignees, mutes, snoozes — is all written through the API
 * (so it bumps the version) or compared with the team's date (in the tag). Routes whose answers hold state
 * the version does not cover (notes, tokens) or short-lived signed links (a single document) are not listed.
 */
export const CONDITIONAL_ROUTES: ReadonlySet<string> = new Set([
  ...['stores', 'companies', 'brands', 'contacts', 'leases', 'agreements'].flatMap((type) => [
    `${API_BASE}/${type}`,
    `${API_BASE}/${type}/:id`,
  ]),
  `${API_BASE}/documents`,
  `${API_BASE}/reminders`,
  `${API_BASE}/dashboard`,
]);

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
/** A membership's text, once per object: the session cache hands every request of a session the same frozen one. */
const memberships = new WeakMap<object, string>();
const membershipText = (team: object) => {
  let text = memberships.get(team);
  if (text === undefined) memberships.set(team, (text = JSON.stringify(team)));
  return text;
};

/**
 * The weak tag of what this caller would get for this URL in this state of the team: its write version and
 * its date (an option becomes overdue at the team's midnight without any write).
 */
export function conditionalTag(
  request: FastifyRequest,
  state: { version: number; today: string },
): string | null {
  const auth = request.auth;
  const team = auth?.team;
  if (!auth || !team) return null;
  // The whole membership (role, ownership, the companies a member is limited to, …): what one member may
  // see another may not, and a changed role or scope must not revalidate a body made for the old one.
  const key = [
    BUILD,
    state.version,
    state.today,
    auth.user.id,
    auth.readOnly ? 'read' : 'write',
    membershipText(team),
    request.url,
  ].join('\u0000');
  return `W/"${hash('sha1', key, 'base64url')}"`;
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
 * Like the team caches (decision 0005), a kept body is trusted at most a minute: that bounds a writer that
 * bypasses the version (manual SQL). A browser's own copy revalidates on the tag alone.
 */
const BODY_TTL_MS = 60_000;
/**
 * After a body expired, the first request to find it builds it again; the others are answered with the expired
 * body until that one is kept, or for this long at most (the rebuild failed or its client went away): at 50
 * connections on one hot page, every request in flight rebuilt it at once, and that second's p99 was 140 ms.
 */
const REBUILD_MS = 2_000;
/**
 * The bodies last sent under each tag, least recently used out within a budget of bytes. A tag names
 * exactly what a 304 lets a client reuse (this caller, this URL, this team version and date), so
 * sending the kept body for it is as correct as the 304 and spares the query, the presenter and the
 * serializer for a caller whose browser did not keep it (a script, a second tab or device of the same user).
 */
type KeptBody = string | Buffer;
/** Longer bodies are kept as bytes. */
const INLINE_BODY_MAX = 1024;
/** What a kept body costs in memory: its bytes, or at most two per UTF-16 code unit of a string. */
const bytesOf = (body: KeptBody) => (typeof body === 'string' ? body.length * 2 : body.length);

export class BodyCache {
  private readonly entries = new Map<string, { body: KeptBody; at: number; rebuilding?: number }>();
  private bytes = 0;
  hits = 0;

  constructor(
    readonly budgetBytes: number,
    readonly maxEntryBytes = Math.floor(budgetBytes / 8),
  ) {}

  /** The body kept under `tag`: one younger than BODY_TTL_MS, or an expired one another request is rebuilding. */
  get(tag: string, now = Date.now()): KeptBody | undefined {
    const entry = this.entries.get(tag);
    if (entry === undefined) return undefined;
    if (now - entry.at >= BODY_TTL_MS) {
      if (entry.rebuilding === undefined || now - entry.rebuilding >= REBUILD_MS) {
        entry.rebuilding = now;
        return undefined;
      }
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(tag);
    this.entries.set(tag, entry);
    this.hits++;
    return entry.body;
  }

  set(tag: string, text: string, now = Date.now()) {
    // A big body is kept encoded: sending a string makes the socket encode all of it again on every send (a
    // sixth of a kept 20 KB list page's time); a small one stays text, which Node sends with the headers.
    const body = text.length > INLINE_BODY_MAX ? Buffer.from(text) : text;
    const size = bytesOf(body);
    if (size > this.maxEntryBytes) return;
    const previous = this.entries.get(tag);
    if (previous !== undefined) {
      this.entries.delete(tag);
      this.bytes -= bytesOf(previous.body);
    }
    this.entries.set(tag, { body, at: now });
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytesOf(value.body);
    }
  }

  get size() {
    return this.entries.size;
  }
}

/** 32 MB of kept bodies: about 900 list pages of 25 stores. */
const BODY_BUDGET_BYTES = 32 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
const bodyCaches = new WeakMap<FastifyInstance, BodyCache>();

/** The app's kept bodies (tests look at its hits). */
export function bodyCacheOf(app: FastifyInstance): BodyCache | undefined {
  return bodyCaches.get(app);
}

/**
 * Conditional GETs for CONDITIONAL_ROUTES: after the auth hook (so a signed-out or foreign caller never
 * learns anything from a tag), one read of the team's write version decides. Nothing else touches the
 * database on a 304 or on a kept body. `private, no-cache` lets a browser keep the body but ask every time.
 *
 * The hooks are the routes' own (added as each route is declared), not the app's: every other request —
 * /healthz, users/auth, the SPA's files — would otherwise pay for two asynchronous hooks that do nothing.
 * Route hooks run after the app's, so the tag is still computed after the auth hook.
 */
export function registerConditionalGets(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  const bodies = new BodyCache(BODY_BUDGET_BYTES);
  bodyCaches.set(app, bodies);

  const answerFromTag = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const team = request.auth?.team;
    if (!team) return;
    const tag = conditionalTag(request, await teamVersionAndToday(deps.db, team.id));
    if (!tag) return;
    const header = request.headers['if-none-match'];
    if (matches(typeof header === 'string' ? header : undefined, tag)) {
      return reply.code(304).header('etag', tag).header('cache-control', 'private, no-cache').send();
    }
    const kept = request.method === 'GET' ? bodies.get(tag) : undefined;
    if (kept !== undefined) {
      return reply
        .code(200)
        .header('etag', tag)
        .header('cache-control', 'private, no-cache')
        .header('content-type', JSON_TYPE)
        .send(kept);
    }
    tags.set(request, tag);
  };
  const keepTagged: onSendHookHandler = (request, reply, payload, done) => {
    const tag = tags.get(request);
    // An error answer (a 404 of a record another team owns) carries no tag: only a 200 is worth keeping.
    if (tag && reply.statusCode === 200) {
      reply.header('etag', tag);
      reply.header('cache-control', 'private, no-cache');
      if (request.method === 'GET' && typeof payload === 'string') bodies.set(tag, payload);
    }
    done(null, payload);
  };
  // Every write a team member made moves the team's tags before its answer leaves, whatever service did it:
  // a write that did not bump the version itself (an image upload, an option's verification) would otherwise
  // leave the old body behind a 304 or a kept body.
  const bumpAfterWrite: onSendHookHandler = (request, reply, payload, done) => {
    const writer = request.auth?.team;
    if (!writer || SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    // The list tables' versions stay: a write of their rows runs in a write transaction that bumped them itself.
    bumpTeamWriteVersion(deps.db, writer.id, { markedOnly: true }).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (CONDITIONAL_ROUTES.has(route.url) && methods.some((m) => m === 'GET' || m === 'HEAD')) {
      route.onRequest = withHook(route.onRequest, answerFromTag);
      route.onSend = withHook(route.onSend, keepTagged);
    }
    if (routeWrites(route)) route.onSend = withHook(route.onSend, bumpAfterWrite);
  });
}
