import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo, type LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkRefused } from './network-guard';

describe('tests and the network', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('local'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a fetch to a public address before any packet leaves, naming what was refused', async () => {
    const failure = await fetch('http://93.184.216.34/').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    const cause = (failure as TypeError).cause;
    expect(cause).toBeInstanceOf(NetworkRefused);
    expect((cause as Error).message).toContain('connect to 93.184.216.34:80');
  });

  it('refuses to resolve a public host name, through either DNS interface', async () => {
    await expect(dns.promises.lookup('example.com')).rejects.toThrow('look up example.com');
    const error = await new Promise((resolve) => dns.lookup('example.com', (e) => resolve(e)));
    expect(error).toBeInstanceOf(NetworkRefused);
  });

  it('judges the address a connection’s own lookup answers, not the name it was given', async () => {
    const publicAnswer: LookupFunction = (_hostname, options, callback) =>
      options.all
        ? callback(null, [{ address: '93.184.216.34', family: 4 }])
        : callback(null, '93.184.216.34', 4);
    const error = await new Promise((resolve) =>
      net.connect({ host: 'pushes.example', port: 443, lookup: publicAnswer }).on('error', resolve),
    );
    expect(error).toBeInstanceOf(NetworkRefused);
    expect((error as Error).message).toContain('connect to pushes.example at 93.184.216.34');
  });

  it('lets tests talk to fakes on loopback', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('local');
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(200);
  });
});
