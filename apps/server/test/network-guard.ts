import dns from 'node:dns';
import net from 'node:net';

/**
 * Unit and API tests never reach the network: a test that depends on a public host is slow at best and
 * flaky at worst, and one that leaks a request (a webhook, a push, a geocoder) talks to a real service.
 * Every socket may connect only to loopback, a Unix socket, or the PostgreSQL and Redis the suite was
 * given; host names other than those resolve to an error instead of asking a resolver. Fakes listen on
 * 127.0.0.1 (see fake-smtp.ts, fake-s3.ts). Child processes and worker threads are not covered.
 */

export class NetworkRefused extends Error {
  readonly code = 'ENETUNREACH';
}

const configuredHosts = new Set(
  [process.env.TEST_DATABASE_URL, process.env.TEST_REDIS_URL]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()),
);

function isLoopback(host: string) {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

const allowedHost = (host: string) => isLoopback(host) || configuredHosts.has(host.toLowerCase());

const refusal = (what: string) =>
  new NetworkRefused(
    `Tests may not reach the network (${what}): only loopback and the test PostgreSQL and Redis are allowed; ` +
      'point the code at a fake listening on 127.0.0.1, or inject a resolver',
  );

type LookupCallback = (error: Error | null, address?: unknown, family?: number) => void;
type Lookup = (hostname: string, options: object, callback: LookupCallback) => void;
type ConnectOptions = { host?: string; port?: unknown; path?: string; lookup?: Lookup };

/** Addresses as a lookup callback gives them: one string, or `{ address }` entries when asked for all. */
const addressesIn = (answer: unknown): string[] =>
  Array.isArray(answer) ? answer.map((entry: { address: string }) => entry.address) : [String(answer)];

/**
 * A lookup passed to connect (the outbound module's checked answer, a test's injected one) decides the
 * address the socket dials, so that address is judged rather than the name.
 */
const guardedLookup =
  (lookup: Lookup): Lookup =>
  (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error);
      const outside = addressesIn(address).find((entry) => !allowedHost(entry));
      if (outside) return callback(refusal(`connect to ${hostname} at ${outside}`));
      callback(null, address, family);
    });

/**
 * Socket#connect's arguments with a guarded lookup, or an error when they name a host outside; a Unix
 * socket or named pipe passes. `net.connect` hands over its already normalised [options, callback] array.
 */
function judge(args: unknown[]): { args: unknown[] } | { refused: NetworkRefused } {
  const normalised = Array.isArray(args[0]);
  const first: unknown = normalised ? (args[0] as unknown[])[0] : args[0];
  if (first !== null && typeof first === 'object') {
    const options = first as ConnectOptions;
    if (options.path) return { args };
    if (options.lookup) {
      const guarded = { ...options, lookup: guardedLookup(options.lookup) };
      if (!normalised) return { args: [guarded, ...args.slice(1)] };
      // Node marks its normalised array with a symbol; keep the array, swap its options.
      const list = args[0] as unknown[];
      list[0] = guarded;
      return { args };
    }
    const host = options.host ?? 'localhost';
    return allowedHost(host) ? { args } : { refused: refusal(`connect to ${host}:${String(options.port)}`) };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const host = typeof args[1] === 'string' ? args[1] : 'localhost';
    return allowedHost(host) ? { args } : { refused: refusal(`connect to ${host}:${String(first)}`) };
  }
  return { args };
}

const originalConnect = net.Socket.prototype.connect;
// The overloads of Socket#connect cannot be restated one by one; the arguments pass through as given.
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const verdict = judge(args);
  if ('refused' in verdict) {
    // Failing the way a refused connection fails (an 'error' event) lets every client report it as usual.
    process.nextTick(() => this.destroy(verdict.refused));
    return this;
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, verdict.args);
} as typeof net.Socket.prototype.connect;

/** IP literals resolve to themselves without a resolver; names only when they are local or configured. */
const resolvable = (hostname: string) => net.isIP(hostname) !== 0 || allowedHost(hostname);

const originalLookup = dns.lookup;
dns.lookup = function refusingLookup(hostname: string, ...rest: unknown[]) {
  if (!resolvable(hostname)) {
    const callback = rest.at(-1);
    if (typeof callback === 'function') process.nextTick(() => callback(refusal(`look up ${hostname}`)));
    return;
  }
  return (originalLookup as (...a: unknown[]) => void)(hostname, ...rest);
} as typeof dns.lookup;

const originalPromisesLookup = dns.promises.lookup;
dns.promises.lookup = function refusingPromisesLookup(hostname: string, ...rest: unknown[]) {
  if (!resolvable(hostname)) return Promise.reject(refusal(`look up ${hostname}`));
  return (originalPromisesLookup as (...a: unknown[]) => Promise<unknown>)(hostname, ...rest);
} as typeof dns.promises.lookup;
