import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildUser, createVia, signIn, teamWithRoles } from '../../../test/factories';
import { createOutbound } from '../../platform/outbound';

/** A stand-in for Google's Geocoding API: knows one address, answers ZERO_RESULTS for the rest. */
const asked: string[] = [];
const google = http.createServer((request, response) => {
  const url = new URL(request.url!, 'http://localhost');
  asked.push(`${url.searchParams.get('address')}|${url.searchParams.get('key')}`);
  const known = url.searchParams.get('address')?.startsWith('1600 Congress Ave');
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify(
      known
        ? { status: 'OK', results: [{ geometry: { location: { lat: 30.2746652, lng: -97.7403505 } } }] }
        : { status: 'ZERO_RESULTS', results: [] },
    ),
  );
});
await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
const ctx = useTestApp({
  GOOGLE_MAPS_API_KEY: 'server-key',
  GOOGLE_GEOCODING_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}/geocode/json`,
  OUTBOUND_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${(google.address() as AddressInfo).port}`,
});

beforeAll(() => undefined);
afterAll(() => new Promise<void>((resolve) => google.close(() => resolve())));

describe('geocoding stores later', () => {
  it('gives admins coordinates for stores saved without them, and reports the addresses not found', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const capitol = await createVia(admin, 'stores', {
      name: 'Capitol',
      address_line1: '1600 Congress Ave',
      city: 'Austin',
      region: 'TX',
    });
    await createVia(admin, 'stores', { name: 'Nowhere', address_line1: '1 Nothing St', city: 'Atlantis' });
    await createVia(admin, 'stores', { name: 'Placed', city: 'Dallas', latitude: 32.7, longitude: -96.8 });
    await createVia(admin, 'stores', { name: 'No address' });

    expect((await manager.post('/app/api/v1/stores/geocode', {})).status).toBe(403);
    const result = await admin.post('/app/api/v1/stores/geocode', {});
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      updated: 1,
      remaining: 0,
      failed: [{ name: 'Nowhere', reason: 'The address was not found.' }],
    });
    expect(asked).toEqual(['1600 Congress Ave, Austin, TX|server-key', '1 Nothing St, Atlantis|server-key']);
    expect((await admin.get(`/app/api/v1/stores/${capitol.id}`)).body.data).toMatchObject({
      latitude: 30.274665,
      longitude: -97.740351,
    });

    // Another team's stores are never looked at.
    const { user } = await buildUser(ctx);
    const other = await signIn(ctx, user.email);
    expect((await other.post('/app/api/v1/stores/geocode', {})).body.data).toMatchObject({
      updated: 0,
      failed: [],
      remaining: 0,
    });
  });

  it('goes through the outbound guard: a look-up URL on an internal address not allow-listed is never contacted', async () => {
    const { admin } = await teamWithRoles(ctx);
    await createVia(admin, 'stores', {
      name: 'Capitol',
      address_line1: '1600 Congress Ave',
      city: 'Austin',
      region: 'TX',
    });
    const allowed = ctx.app.deps.outbound;
    ctx.app.deps.outbound = createOutbound({ allowPrivateHosts: [] });
    asked.length = 0;
    try {
      const result = await admin.post('/app/api/v1/stores/geocode', {});
      expect(result.body.data).toMatchObject({
        updated: 0,
        failed: [
          {
            name: 'Capitol',
            reason: 'The look-up service is not reachable from the server: it must be an https URL.',
          },
        ],
      });
    } finally {
      ctx.app.deps.outbound = allowed;
    }
    expect(asked).toEqual([]);
  });
});
