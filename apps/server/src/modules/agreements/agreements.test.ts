import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildLease,
  buildStore,
  teamWithRoles,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();

describe('franchise agreements', () => {
  it('creates an agreement over stores with fees, tiers and reminders, and flags a lease that ends far apart', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const franchisor = await buildCompany(admin, {
      name: 'Sunrise Franchising',
      kind: 'franchisor',
    });
    const franchisee = await buildCompany(admin, { name: 'Moore Partners', kind: 'franchisee' });
    const brand = await buildBrand(admin, { name: 'Sunrise Fitness', company_id: franchisor.id });
    const store = await buildStore(admin, { name: 'Sunrise Fitness Dallas', brand_id: brand.id });
    const today = todayIso();
    await buildLease(admin, {
      store_id: store.id,
      status: 'active',
      commencement_date: addDaysIso(today, -1000),
      expiration_date: addDaysIso(today, 100),
    });
    const created = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      franchisee_id: franchisee.id,
      store_ids: [store.id],
      agreement_number: 'FA-7',
      status: 'open',
      effective_date: addDaysIso(today, -1000),
      expiration_date: addDaysIso(today, 500),
      renewal_notice_days: 365,
      initial_fee: 45000,
      royalty_percent: 6,
      royalty_tiers: [
        { from_sales: 0, percent: 6 },
        { from_sales: 1_000_000, percent: 5 },
      ],
      marketing_percent: 2,
      territory_exclusive: true,
      territory_radius_miles: 3,
      clauses: [{ kind: 'non_compete', text: 'No competing gym within 10 miles for 2 years.' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      brand: { id: brand.id, name: 'Sunrise Fitness' },
      franchisee: { id: franchisee.id },
      stores: [{ id: store.id, name: 'Sunrise Fitness Dallas' }],
      renewal_notice_deadline: addDaysIso(today, 135),
      initial_fee: 45000,
      royalty_tiers: [
        { from_sales: 0, percent: 6 },
        { from_sales: 1_000_000, percent: 5 },
      ],
      territory_exclusive: true,
      misaligned_stores: [{ id: store.id, name: 'Sunrise Fitness Dallas', days_apart: 400 }],
    });
    const id = created.body.data.id;
    // The list leaves the clauses' text to the detail and shows every other field as the detail has it.
    const { clauses: _clauses, ...fields } = created.body.data;
    expect((await admin.get('/app/api/v1/agreements')).body.data).toEqual([fields]);
    expect((await admin.get('/app/api/v1/dashboard')).body.data.alignment_warnings).toEqual([
      { store: { id: store.id, name: 'Sunrise Fitness Dallas' }, agreement_id: id, days_apart: 400 },
    ]);
    const reminders = await admin.get(
      `/app/api/v1/reminders?filters[subject_type]=agreement&filters[subject_id]=${id}`,
    );
    expect(reminders.body.data.map((r: { source: string }) => r.source).sort()).toEqual([
      'agreement_expiration',
      'agreement_renewal_notice',
    ]);
    expect(reminders.body.data[0].subject).toMatchObject({ type: 'agreement', name: 'Sunrise Fitness FA-7' });

    expect((await admin.get(`/app/api/v1/agreements?filters[store_id]=${store.id}`)).body.meta.total).toBe(1);
    expect(
      (await admin.get(`/app/api/v1/agreements?filters[company_id]=${franchisor.id}`)).body.meta.total,
    ).toBe(1);
    expect((await observer.patch(`/app/api/v1/agreements/${id}`, { status: 'terminated' })).status).toBe(403);
    const patched = await admin.patch(`/app/api/v1/agreements/${id}`, {
      expiration_date: addDaysIso(today, 120),
    });
    expect(patched.body.data).toMatchObject({ agreement_number: 'FA-7', misaligned_stores: [] });
  });

  it('validates dates and references, and hides agreements from other teams', async () => {
    const { admin } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const brand = await buildBrand(admin, { name: 'Mine' });
    const foreignBrand = await buildBrand(stranger, { name: 'Theirs' });
    const bad = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      effective_date: '2030-01-01',
      expiration_date: '2020-01-01',
    });
    expect(bad.body.errors).toEqual({
      expiration_date: ['The expiration date must be a date after effective date.'],
    });
    expect(
      (await admin.post('/app/api/v1/agreements', { brand_id: foreignBrand.id })).body.errors.brand_id,
    ).toEqual(['The selected brand is invalid.']);
    expect((await admin.post('/app/api/v1/agreements', {})).body.errors.brand_id).toBeDefined();
    const id = (await buildAgreement(admin, { brand_id: brand.id })).id;
    for (const [method, url] of [
      ['GET', `/app/api/v1/agreements/${id}`],
      ['PATCH', `/app/api/v1/agreements/${id}`],
      ['DELETE', `/app/api/v1/agreements/${id}`],
      ['POST', `/app/api/v1/agreements/${id}/restore`],
    ] as const) {
      expect(
        (await stranger.request(method, url, method === 'PATCH' ? { status: 'open' } : undefined)).status,
        `${method} ${url}`,
      ).toBe(404);
    }
    expect((await admin.delete(`/app/api/v1/agreements/${id}`)).status).toBe(204);
    expect((await admin.post(`/app/api/v1/agreements/${id}/restore`)).status).toBe(200);
  });
});
