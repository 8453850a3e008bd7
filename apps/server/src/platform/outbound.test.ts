import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { addressRefusal, createOutbound, OutboundRefused, type HostResolver } from './outbound';

const hits: string[] = [];
const server = http.createServer((request, response) => {
  hits.push(request.url ?? '');
  if (request.url === '/redirect')
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
  else response.end('hello');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Answers from a table; counts questions, so a test can see the connection asked again. */
function resolver(answers: Record<string, string[] | string[][]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const calls = new Map<string, number>();
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const n = calls.get(hostname) ?? 0;
    calls.set(hostname, n + 1);
    const entry = answers[hostname];
    if (!entry) throw new Error(`ENOTFOUND ${hostname}`);
    const list = (
      Array.isArray(entry[0]) ? (entry as string[][])[Math.min(n, entry.length - 1)] : entry
    ) as string[];
    return list.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolve, { asked });
}

describe('outbound guard', () => {
  it('allows only globally routable unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(addressRefusal(address), address).toBeNull();
    const refused = {
      '127.0.0.1': 'loopback',
      '::1': 'loopback',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '192.168.0.1': 'private',
      '169.254.169.254': 'link local',
      'fe80::1': 'link local',
      'fd00::1': 'unique local',
      'fd00:ec2::254': 'unique local',
      '100.64.0.1': 'carrier grade nat',
      '0.0.0.0': 'unspecified',
      '::': 'unspecified',
      '224.0.0.1': 'multicast',
      'ff02::1': 'multicast',
      '255.255.255.255': 'broadcast',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:a9fe:a9fe': 'link local',
      '64:ff9b::a00:1': 'rfc6052',
    };
    for (const [address, range] of Object.entries(refused))
      expect(addressRefusal(address), address).toBe(`a ${range} address`);
  });

  it('refuses a host name if any of its addresses is internal, a literal internal address, plain http and credentials in the URL', async () => {
    const outbound = createOutbound({
      allowPrivateHosts: [],
      resolve: resolver({ 'public.test': ['93.184.216.34'], 'split.test': ['93.184.216.34', '10.0.0.7'] }),
    });
    await expect(outbound.check('https://public.test/x')).resolves.toBeUndefined();
    await expect(outbound.check('https://split.test/x')).rejects.toThrow(
      'split.test resolves to 10.0.0.7, a private address',
    );
    await expect(outbound.check('https://[::1]:8443/x')).rejects.toThrow('::1 is a loopback address');
    await expect(outbound.check('https://nowhere.test/x')).rejects.toThrow(
      'nowhere.test could not be resolved',
    );
    await expect(outbound.check('http://public.test/x')).rejects.toThrow('it must be an https URL');
    await expect(outbound.check('https://user:secret@public.test/x')).rejects.toThrow(OutboundRefused);
    await expect(outbound.request(`http://127.0.0.1:${port}/x`, { timeoutMs: 2000 })).rejects.toThrow(
      OutboundRefused,
    );
    expect(hits).toEqual([]);
  });

  it('checks the answer the connection itself uses (a name that passed a moment ago and now points inside is refused)', async () => {
    const resolve = resolver({ 'rebind.test': [['93.184.216.34'], ['127.0.0.1']] });
    const outbound = createOutbound({ allowPrivateHosts: [], resolve });
    await outbound.check('https://rebind.test/x');
    await expect(outbound.request('https://rebind.test/x', { timeoutMs: 2000 })).rejects.toThrow(
      'rebind.test resolves to 127.0.0.1, a loopback address',
    );
    expect(resolve.asked).toEqual(['rebind.test', 'rebind.test']);
  });

  it('contacts an allow-listed host:port over http through the checked answer, without following redirects', async () => {
    const outbound = createOutbound({
      allowPrivateHosts: [`stub.test:${port}`],
      resolve: resolver({ 'stub.test': ['127.0.0.1'] }),
    });
    expect(await outbound.request(`http://stub.test:${port}/hello`, { timeoutMs: 2000 })).toEqual({
      status: 200,
      body: 'hello',
    });
    expect(await outbound.request(`http://stub.test:${port}/redirect`, { timeoutMs: 2000 })).toMatchObject({
      status: 302,
    });
    expect(hits).toEqual(['/hello', '/redirect']);
    // Another port of the same host is not on the list.
    await expect(outbound.check(`http://stub.test:${port + 1}/`)).rejects.toThrow('it must be an https URL');
    await expect(outbound.check(`https://stub.test:${port + 1}/`)).rejects.toThrow(
      'stub.test resolves to 127.0.0.1, a loopback address',
    );
  });
});
