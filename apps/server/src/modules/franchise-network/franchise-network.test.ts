import { describe, expect, it } from 'vitest';
import type {
  Agreement,
  AgreementTerritory,
  AgreementTransfers,
  OwnershipPeriod,
  Store,
  Transfer,
} from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildMember,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();
type Client = Awaited<ReturnType<typeof teamWithRoles>>['admin'];
const api = '/app/api/v1';

async function franchisedAgreement(client: Client) {
  const seller = await buildCompany(client, { name: 'Old Franchise LLC', kind: 'franchisee' });
  const buyer = await buildCompany(client, { name: 'New Franchise LLC', kind: 'franchisee' });
  const store = await buildStore(client, { name: 'Main Street', company_id: seller.id });
  const agreement = await buildAgreement(client, {
    agreement_number: 'FA-7',
    franchisee_id: seller.id,
    store_ids: [store.id],
  });
  return { seller, buyer, store, agreement, url: `${api}/agreements/${agreement.id}/transfers` };
}

async function limitedMember(admin: Client, teamId: number) {
  const company = await buildCompany(admin, { name: 'Limited Franchise', kind: 'franchisee' });
  const member = await buildMember(ctx, teamId, 'manager');
  await admin.patch(`${api}/teams/${teamId}/members/${member.id}`, {
    role: 'manager',
    company_ids: [company.id],
  });
  return signIn(ctx, member.email);
}

describe('agreement transfers', () => {
  it('goes requested → approved → completed and hands the agreement and its stores over from the effective date', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const { seller, buyer, store, agreement, url } = await franchisedAgreement(admin);
    const effective = addDaysIso(todayIso(), -3);

    const requested = await manager.post<{ data: Transfer }>(url, {
      to_company_id: buyer.id,
      fee: '12500.50',
      effective_date: effective,
      note: 'Sale of the business',
    });
    expect(requested.status).toBe(201);
    const transfer = requested.body.data;
    expect(transfer).toMatchObject({
      from_company: { id: seller.id, name: 'Old Franchise LLC' },
      to_company: { id: buyer.id, name: 'New Franchise LLC' },
      fee: 12500.5,
      effective_date: effective,
      status: 'requested',
      // A manager requests; only admins decide.
      abilities: { approve: false, reject: false, complete: false },
    });
    expect(transfer.steps.map((s) => s.status)).toEqual(['requested']);
    const stored = await ctx.db
      .selectFrom('agreement_transfers')
      .select('fee_cents')
      .where('id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.fee_cents)).toBe(1_250_050);

    const step = (action: string) => `${url}/${transfer.id}/${action}`;
    expect((await manager.post(step('approve'), {})).status).toBe(403);
    expect((await admin.post(step('complete'), {})).status).toBe(409);
    // A second transfer waits until this one is settled.
    expect(
      (await manager.post(url, { to_company_id: buyer.id, fee: 0, effective_date: effective })).status,
    ).toBe(409);

    const approved = await admin.post<{ data: Transfer }>(step('approve'), {});
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    expect(approved.body.data.abilities).toEqual({ approve: false, reject: true, complete: true });
    const completed = await admin.post<{ data: Transfer }>(step('complete'), { note: 'Closed at escrow' });
    expect(completed.status).toBe(200);
    expect(completed.body.data.status).toBe('completed');
    expect(completed.body.data.note).toBe('Closed at escrow');
    expect(completed.body.data.steps.map((s) => [s.status, Boolean(s.at), s.by?.name ?? null])).toEqual([
      ['requested', true, expect.any(String)],
      ['approved', true, expect.any(String)],
      ['completed', true, expect.any(String)],
    ]);
    expect((await admin.post(step('complete'), {})).status).toBe(409);
    expect((await admin.post(step('reject'), {})).status).toBe(409);

    const after = await admin.get<{ data: Agreement }>(`${api}/agreements/${agreement.id}`);
    expect(after.body.data.franchisee).toEqual({ id: buyer.id, name: 'New Franchise LLC' });
    const storeAfter = await admin.get<{ data: Store }>(`${api}/stores/${store.id}`);
    expect(storeAfter.body.data).toMatchObject({ company: { id: buyer.id } });
    const history = await admin.get<{ data: OwnershipPeriod[] }>(`${api}/stores/${store.id}/ownership`);
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual([
      {
        company: { id: seller.id, name: 'Old Franchise LLC' },
        from: null,
        to: addDaysIso(effective, -1),
        transfer: null,
      },
      {
        company: { id: buyer.id, name: 'New Franchise LLC' },
        from: effective,
        to: null,
        transfer: { id: transfer.id, agreement_id: agreement.id, agreement_number: 'FA-7' },
      },
    ]);

    const list = await admin.get<{ data: AgreementTransfers }>(url);
    expect(list.body.data.transfers.map((t) => t.status)).toEqual(['completed']);
    const audit = await ctx.db
      .selectFrom('activities')
      .select(['action', 'subject_type'])
      .where('subject_type', '=', 'agreement')
      .where('subject_id', '=', String(agreement.id))
      .where('action', 'like', 'transfer_%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'transfer_requested',
      'transfer_approved',
      'transfer_completed',
    ]);

    // The next transfer must start after the last change of hands, and back again works.
    const back = await manager.post<{ data: Transfer }>(url, {
      to_company_id: seller.id,
      fee: 0,
      effective_date: effective,
    });
    expect(back.status).toBe(201);
    await admin.post(`${url}/${back.body.data.id}/approve`, {});
    const early = await admin.post(`${url}/${back.body.data.id}/complete`, {});
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ errors: { effective_date: [expect.stringContaining(effective)] } });
  });

  it('answers per-field messages, refuses future completions and rejects', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { seller, buyer, url } = await franchisedAgreement(admin);
    const other = await signIn(ctx, (await buildUser(ctx)).user.email);
    const foreign = await buildCompany(other, { name: 'Not yours' });
    const bad = await admin.post(url, { to_company_id: foreign.id, fee: -1, effective_date: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['effective_date', 'fee']);
    const badRef = await admin.post(url, { to_company_id: foreign.id, fee: 1, effective_date: '2026-02-03' });
    expect(badRef.body).toMatchObject({
      errors: { to_company_id: ['The selected new franchisee is invalid.'] },
    });
    const same = await admin.post(url, { to_company_id: seller.id, fee: 1, effective_date: '2026-02-03' });
    expect(same.status).toBe(422);
    expect((await admin.post(url, {})).status).toBe(422);
    expect(
      (await admin.post(url, { to_company_id: 'x'.repeat(5000), fee: {}, effective_date: [] })).status,
    ).toBe(422);

    const future = await admin.post<{ data: Transfer }>(url, {
      to_company_id: buyer.id,
      fee: 100,
      effective_date: addDaysIso(todayIso(), 30),
    });
    const step = (action: string) => `${url}/${future.body.data.id}/${action}`;
    expect((await admin.post(step('approve'), {})).status).toBe(200);
    const tooEarly = await admin.post(step('complete'), {});
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body).toMatchObject({ errors: { effective_date: [expect.any(String)] } });
    expect((await admin.post(step('undo'), {})).status).toBe(404);
    const rejected = await admin.post<{ data: Transfer }>(step('reject'), { note: 'Financing fell through' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', note: 'Financing fell through' });
    expect((await admin.post(step('approve'), {})).status).toBe(409);
    expect((await admin.post(`${url}/999999/approve`, {})).status).toBe(404);
  });

  it('lets observers read only, refuses franchisee-scoped members and answers another team 404', async () => {
    const { admin, observer, team } = await teamWithRoles(ctx);
    const { buyer, store, url } = await franchisedAgreement(admin);
    const body = { to_company_id: buyer.id, fee: 1, effective_date: todayIso() };
    const read = await observer.get<{ data: AgreementTransfers }>(url);
    expect(read.status).toBe(200);
    expect(read.body.data.abilities.request).toBe(false);
    expect((await observer.post(url, body)).status).toBe(403);
    const made = await admin.post<{ data: Transfer }>(url, body);
    expect((await observer.post(`${url}/${made.body.data.id}/approve`, {})).status).toBe(403);
    expect((await observer.get(`${api}/stores/${store.id}/ownership`)).status).toBe(200);

    const franchisee = await limitedMember(admin, team.id);
    expect((await franchisee.get(url)).status).toBe(403);
    expect((await franchisee.post(url, body)).status).toBe(403);
    expect((await franchisee.get(`${api}/stores/${store.id}/ownership`)).status).toBe(403);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.post(url, body)).status).toBe(404);
    expect((await stranger.post(`${url}/${made.body.data.id}/approve`, {})).status).toBe(404);
    expect((await stranger.get(`${api}/stores/${store.id}/ownership`)).status).toBe(404);
  });
});

const square = (lat: number, lng: number, half: number) => [
  { lat: lat - half, lng: lng - half },
  { lat: lat - half, lng: lng + half },
  { lat: lat + half, lng: lng + half },
  { lat: lat + half, lng: lng - half },
  { lat: lat - half, lng: lng - half },
];

describe('territories', () => {
  it('flags overlapping territories of one brand where either is exclusive, and only those', async () => {
    const { admin } = await teamWithRoles(ctx);
    const brand = await buildBrand(admin, { name: 'Bagel Co' });
    const north = await buildCompany(admin, { name: 'North LLC', kind: 'franchisee' });
    const make = (number: string, exclusive: boolean, brandId = brand.id) =>
      buildAgreement(admin, {
        agreement_number: number,
        brand_id: brandId,
        territory_exclusive: exclusive,
        franchisee_id: north.id,
      });
    const a = await make('A', true);
    const b = await make('B', true);
    const c = await make('C', false);
    const otherBrand = await make('D', true, (await buildBrand(admin)).id);
    const put = (id: number, body: unknown) =>
      admin.put<{ data: AgreementTerritory }>(`${api}/agreements/${id}/territory`, body);

    const saved = await put(a.id, {
      kind: 'radius',
      center: { lat: 40, lng: -75 },
      radius: '5',
      radius_unit: 'mi',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      exclusive: true,
      territory: { kind: 'radius', center: { lat: 40, lng: -75 }, radius: 5, radius_unit: 'mi', points: [] },
      overlaps: [],
      earth_radius_km: 6371.0088,
      abilities: { update: true },
    });
    // B: a square whose west side is about 4.3 km east of A's centre, inside A's 5 mi (8.05 km).
    expect(
      (await put(b.id, { kind: 'polygon', points: square(40, -74.9, 0.05) })).body.data.overlaps,
    ).toEqual([
      {
        agreement_id: a.id,
        agreement_number: 'A',
        franchisee: { id: north.id, name: 'North LLC' },
        exclusive: true,
      },
    ]);
    // C is not exclusive, but overlaps exclusive A; the other brand's D overlaps nothing of this brand.
    await put(c.id, { kind: 'radius', center: { lat: 40.01, lng: -75 }, radius: 1, radius_unit: 'km' });
    await put(otherBrand.id, {
      kind: 'radius',
      center: { lat: 40, lng: -75 },
      radius: 50,
      radius_unit: 'km',
    });
    const seen = await admin.get<{ data: AgreementTerritory }>(`${api}/agreements/${a.id}/territory`);
    expect(seen.body.data.overlaps.map((o) => o.agreement_number)).toEqual(['B', 'C']);
    expect(
      (await admin.get<{ data: AgreementTerritory }>(`${api}/agreements/${otherBrand.id}/territory`)).body
        .data.overlaps,
    ).toEqual([]);

    // Made non-exclusive, A no longer conflicts with non-exclusive C, still with exclusive B.
    expect((await admin.patch(`${api}/agreements/${a.id}`, { territory_exclusive: false })).status).toBe(200);
    const relaxed = await admin.get<{ data: AgreementTerritory }>(`${api}/agreements/${c.id}/territory`);
    expect(relaxed.body.data.overlaps).toEqual([]);
    expect(
      (
        await admin.get<{ data: AgreementTerritory }>(`${api}/agreements/${b.id}/territory`)
      ).body.data.overlaps.map((o) => o.agreement_number),
    ).toEqual(['A']);

    // Moved away, B overlaps nothing; removed, A's territory is gone.
    expect((await put(b.id, { kind: 'polygon', points: square(41, -74, 0.05) })).body.data.overlaps).toEqual(
      [],
    );
    expect((await admin.delete(`${api}/agreements/${a.id}/territory`)).status).toBe(204);
    expect(
      (await admin.get<{ data: AgreementTerritory }>(`${api}/agreements/${a.id}/territory`)).body.data
        .territory,
    ).toBeNull();
    const audit = await ctx.db
      .selectFrom('activities')
      .select('action')
      .where('subject_type', '=', 'agreement')
      .where('subject_id', '=', String(a.id))
      .where('action', 'like', 'territory_%')
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['territory_updated', 'territory_removed']);
  });

  it('refuses bad and hostile shapes with per-field messages', async () => {
    const { admin } = await teamWithRoles(ctx);
    const agreement = await buildAgreement(admin);
    const url = `${api}/agreements/${agreement.id}/territory`;
    const refused = async (body: unknown) => {
      const response = await admin.put(url, body);
      expect(response.status).toBe(422);
      return Object.keys((response.body as { errors: Record<string, string[]> }).errors).sort();
    };
    expect(await refused({ kind: 'radius' })).toEqual(['center', 'radius']);
    expect(await refused({ kind: 'radius', center: { lat: 91, lng: -181 }, radius: 0 })).toEqual([
      'center.lat',
      'center.lng',
      'radius',
    ]);
    expect(
      await refused({ kind: 'radius', center: { lat: 1, lng: 1 }, radius: 5, radius_unit: 'furlong' }),
    ).toEqual(['radius_unit']);
    expect(await refused({ kind: 'polygon' })).toEqual(['points']);
    expect(await refused({ kind: 'polygon', points: square(40, -75, 0.1).slice(0, 2) })).toEqual(['points']);
    const [p, q, r, s] = square(40, -75, 0.1);
    expect(await refused({ kind: 'polygon', points: [p, r, q, s] })).toEqual(['points']);
    expect(
      await refused({
        kind: 'polygon',
        points: Array.from({ length: 600 }, (_, i) => ({ lat: i / 1000, lng: 0 })),
      }),
    ).toEqual(['points']);
    expect(await refused({ kind: 'polygon', points: [{ lat: 'north', lng: null }, 'x', 3] })).toEqual([
      'points.0.lat',
      'points.0.lng',
      'points.1',
      'points.2',
    ]);
    expect(await refused({ kind: 'hexagon' })).toEqual(['kind']);
    expect((await admin.put(url, [])).status).toBe(422);
    const crossed = await admin.put(url, { kind: 'polygon', points: [p, r, q, s] });
    expect(crossed.body).toMatchObject({
      errors: { points: ['The polygon’s sides may not cross each other.'] },
    });
  });

  it('lets observers read only, refuses franchisee-scoped members and answers another team 404', async () => {
    const { admin, observer, team } = await teamWithRoles(ctx);
    const agreement = await buildAgreement(admin);
    const url = `${api}/agreements/${agreement.id}/territory`;
    const body = { kind: 'radius', center: { lat: 40, lng: -75 }, radius: 3 };
    const read = await observer.get<{ data: AgreementTerritory }>(url);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ territory: null, abilities: { update: false } });
    expect((await observer.put(url, body)).status).toBe(403);
    expect((await observer.delete(url)).status).toBe(403);

    const franchisee = await limitedMember(admin, team.id);
    expect((await franchisee.get(url)).status).toBe(403);
    expect((await franchisee.put(url, body)).status).toBe(403);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.put(url, body)).status).toBe(404);
    expect((await stranger.delete(url)).status).toBe(404);
  });
});
