import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to (tests inject one, so no test asks a real resolver). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Why the server will not contact a URL; the message is fit to show the person who supplied it. */
export class OutboundRefused extends Error {}

export type OutboundResponse = { status: number; body: string };

export type Outbound = {
  /** Throws OutboundRefused unless `url` may be contacted (resolving its host name). */
  check(url: string | URL): Promise<void>;
  /**
   * One HTTP request, connected only to addresses that passed the same check when the socket opened, so a
   * name that resolves differently between `check` and the request (DNS rebinding) cannot reach inside.
   * Redirects are not followed; the body is read up to `maxBytes`.
   */
  request(
    url: string | URL,
    init: {
      method?: string;
      headers?: Record<string, string>;
      body?: Uint8Array;
      timeoutMs: number;
      maxBytes?: number;
    },
  ): Promise<OutboundResponse>;
};

const defaultResolver: HostResolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, order: 'verbatim' })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * Only globally routable unicast addresses are contacted. ipaddr.js names every special range (loopback,
 * private, link-local and the 169.254.169.254 metadata address, unique-local including fd00:ec2::254, CGNAT,
 * unspecified, multicast, broadcast, reserved, NAT64/6to4/Teredo that can embed a private IPv4 address);
 * `process` unwraps IPv4-mapped IPv6 addresses first, so ::ffff:127.0.0.1 is judged as 127.0.0.1.
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : `a ${range.replace(/([A-Z])/g, ' $1').toLowerCase()} address`;
}

/** `host` or `host:port` entries (IPv6 in brackets), as OUTBOUND_ALLOW_PRIVATE_HOSTS lists them. */
export function parseHostList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

function defaultPort(url: URL) {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Builds the guard every server-side request to a URL goes through (push delivery, geocoding). */
export function createOutbound(options: {
  allowPrivateHosts: readonly string[];
  resolve?: HostResolver;
}): Outbound {
  const resolve = options.resolve ?? defaultResolver;
  const allowed = new Set(options.allowPrivateHosts);
  const isAllowed = (url: URL) => {
    const host = url.hostname.toLowerCase();
    return allowed.has(host) || allowed.has(`${host}:${defaultPort(url)}`);
  };

  /** The checked addresses of `hostname`: all of them must be public, or the host is allow-listed. */
  async function addressesOf(hostname: string, trusted: boolean): Promise<ResolvedAddress[]> {
    const bare = hostname.replace(/^\[(.*)\]$/, '$1');
    if (net.isIP(bare)) {
      const refusal = trusted ? null : addressRefusal(bare);
      if (refusal) throw new OutboundRefused(`${bare} is ${refusal}`);
      return [{ address: bare, family: net.isIP(bare) === 6 ? 6 : 4 }];
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(bare);
    } catch {
      throw new OutboundRefused(`${bare} could not be resolved`);
    }
    if (!addresses.length) throw new OutboundRefused(`${bare} could not be resolved`);
    if (!trusted) {
      // One private answer is enough to refuse: the connection could pick any of them.
      for (const { address } of addresses) {
        const refusal = addressRefusal(address);
        if (refusal) throw new OutboundRefused(`${bare} resolves to ${address}, ${refusal}`);
      }
    }
    return addresses;
  }

  function parse(target: string | URL): URL {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundRefused('it is not a URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowed(url)))
      throw new OutboundRefused('it must be an https URL');
    if (url.username || url.password) throw new OutboundRefused('it must not carry a user name or password');
    return url;
  }

  return {
    async check(target) {
      const url = parse(target);
      await addressesOf(url.hostname, isAllowed(url));
    },

    async request(target, init) {
      const url = parse(target);
      const trusted = isAllowed(url);
      // A literal address never reaches `lookup` (net connects to it directly), so it is checked here.
      if (net.isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) await addressesOf(url.hostname, trusted);
      const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
        addressesOf(hostname, trusted).then(
          (addresses) => {
            const wanted =
              lookupOptions.family === 4 || lookupOptions.family === 6
                ? addresses.filter((a) => a.family === lookupOptions.family)
                : addresses;
            if (!wanted.length)
              return callback(
                Object.assign(new Error(`${hostname} has no IPv${String(lookupOptions.family)} address`), {
                  code: 'ENOTFOUND',
                }),
                '',
                0,
              );
            if (lookupOptions.all) return callback(null, wanted);
            callback(null, wanted[0]!.address, wanted[0]!.family);
          },
          (error: Error) => callback(error, '', 0),
        );
      };
      const maxBytes = init.maxBytes ?? 1024 * 1024;
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<OutboundResponse>((resolvePromise, reject) => {
        const request = client.request(
          url,
          {
            method: init.method ?? 'GET',
            headers: init.headers,
            lookup,
            agent: false,
            signal: AbortSignal.timeout(init.timeoutMs),
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes)
                return request.destroy(new Error(`the answer is longer than ${maxBytes} bytes`));
              chunks.push(chunk);
            });
            response.on('end', () =>
              resolvePromise({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(init.body ? Buffer.from(init.body) : undefined);
      });
    },
  };
}
