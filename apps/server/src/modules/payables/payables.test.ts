import { describe, expect, it } from 'vitest';
import type { Payable, PayableList } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { rekeyChargeLines } from '../../platform/db/migrations/0047-payable-voids';
import {
  buildCompany,
  buildLease,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';

const ctx = useTestApp();
const api = '/app/api/v1/payables';
type Client = Awaited<ReturnType<typeof teamWithRoles>>['admin'];

/** Rent of 10,000 a month from 15 March 2026 with a CAM estimate of 500, paid to Harbor Properties. */
async function leaseWithRent(client: Client) {
  const landlord = await buildCompany(client, { name: 'Harbor Properties' });
  const store = await buildStore(client, { name: 'Riverside' });
  return buildLease(client, {
    store_id: store.id,
    landlord_id: landlord.id,
    reference: 'L-7',
    status: 'active',
    commencement_date: '2026-03-01',
    rent_commencement_date: '2026-03-15',
    expiration_date: '2027-03-14',
    rent_schedule: [{ start_date: '2026-03-15', end_date: '2027-03-14', monthly_amount: 10000 }],
    charges: [{ kind: 'cam', monthly_amount: 500, estimated: true }],
  });
}

async function period(client: Client, month: string) {
  const response = await client.get<PayableList>(`${api}?period=${month}`);
  expect(response.status).toBe(200);
  return response.body;
}

describe('rent payables', () => {
  it('generates a period’s lines from rent and charges once, prorated by days, with payee and remittance', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    const first = await admin.post(`${api}/generate`, { period: '2026-03' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { created: 2, updated: 0, removed: 0, unchanged: 0 } });
    expect((await admin.post(`${api}/generate`, { period: '2026-03' })).body).toEqual({
      data: { created: 0, updated: 0, removed: 0, unchanged: 2 },
    });
    const terms = await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, {
      remittance: 'ACH to First Bank, account 1234',
    });
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({
      data: { saved: true, frequency: 'monthly', timing: 'advance', due_day: 1, periods: 'calendar' },
    });

    const list = await period(admin, '2026-03');
    expect(list.meta).toMatchObject({
      period: '2026-03',
      total: 2,
      current_page: 1,
      totals: { scheduled: 5758.06, to_pay: 5758.06, paid: 0 },
    });
    expect(list.data).toEqual([
      expect.objectContaining({
        lease: { id: lease.id, reference: 'L-7' },
        store: expect.objectContaining({ name: 'Riverside' }),
        payee: expect.objectContaining({ name: 'Harbor Properties' }),
        remittance: 'ACH to First Bank, account 1234',
        kind: 'rent',
        service_start: '2026-03-15',
        service_end: '2026-03-31',
        due_date: '2026-03-15',
        // 10,000 × 17/31
        scheduled_amount: 5483.87,
        note: 'Prorated: 17 of 31 days',
        status: 'scheduled',
      }),
      expect.objectContaining({ kind: 'charge', charge_kind: 'cam', scheduled_amount: 274.19 }),
    ]);
  });

  it('follows a lease’s payment terms: quarterly in arrears on the 10th', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    const unsaved = await admin.get(`/app/api/v1/leases/${lease.id}/payment-terms`);
    expect(unsaved.body).toMatchObject({
      data: { saved: false, reading: 'Monthly in advance, due on the 1st of each month · calendar months' },
    });
    const saved = await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, {
      frequency: 'quarterly',
      timing: 'arrears',
      due_day: 10,
    });
    expect(saved.body).toMatchObject({
      data: {
        saved: true,
        reading: 'Quarterly in arrears, due on the 10th of the month after each quarter · calendar quarters',
      },
    });
    await admin.post(`${api}/generate`, { period: '2026-07' });
    const { data } = await period(admin, '2026-07');
    // April to June in full: 30,000 rent and 1,500 CAM, due 10 July.
    expect(data.map((p) => [p.kind, p.service_start, p.service_end, p.due_date, p.scheduled_amount])).toEqual(
      [
        ['rent', '2026-04-01', '2026-06-30', '2026-07-10', 30000],
        ['charge', '2026-04-01', '2026-06-30', '2026-07-10', 1500],
      ],
    );
    const bad = await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, {
      frequency: 'weekly',
      due_day: 0,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['due_day', 'frequency']);
  });

  it('counts billing periods from the commencement day when the terms say anniversary', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, {
      reference: 'L-15',
      status: 'active',
      commencement_date: '2026-03-15',
      expiration_date: '2027-03-14',
      rent_schedule: [{ start_date: '2026-03-15', end_date: '2027-03-14', monthly_amount: 10000 }],
    });
    const saved = await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, { periods: 'anniversary' });
    expect(saved.body).toMatchObject({
      data: {
        saved: true,
        periods: 'anniversary',
        frequency: 'monthly',
        reading:
          'Monthly in advance, due on the 1st of the month each lease month starts · Lease months from day 15',
      },
    });
    const lastDay = await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, {
      periods: 'anniversary',
      timing: 'arrears',
      due_day: 31,
    });
    expect(lastDay.body).toMatchObject({
      data: {
        reading:
          'Monthly in arrears, due on the last day of the month after each lease month · Lease months from day 15',
      },
    });
    await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, { periods: 'anniversary' });
    await admin.post(`${api}/generate`, { period: '2026-03' });
    expect((await period(admin, '2026-03')).data).toEqual([
      expect.objectContaining({
        service_start: '2026-03-15',
        service_end: '2026-04-14',
        scheduled_amount: 10000,
        note: 'Lease months from day 15',
      }),
    ]);
    const bad = await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, { periods: 'fiscal' });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors)).toEqual(['periods']);
  });

  it('charges holdover rent at the holdover rate after expiration', async () => {
    const { admin } = await teamWithRoles(ctx);
    await buildLease(admin, {
      reference: 'L-2058',
      status: 'holdover',
      commencement_date: '2021-07-01',
      expiration_date: '2026-06-30',
      holdover_rate: 150,
      rent_schedule: [{ start_date: '2021-07-01', end_date: '2026-06-30', monthly_amount: 20873.74 }],
    });
    await admin.post(`${api}/generate`, { period: '2026-07' });
    expect((await period(admin, '2026-07')).data).toEqual([
      expect.objectContaining({
        kind: 'holdover',
        scheduled_amount: 31310.61,
        note: 'Holdover at 150 % of 20,873.74 a month',
      }),
    ]);
  });

  it('moves lines scheduled → approved → paid with who and when; a differing invoice is a variance to approve', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    await leaseWithRent(admin);
    await admin.post(`${api}/generate`, { period: '2026-04' });
    const [rent, cam] = (await period(admin, '2026-04')).data as [Payable, Payable];
    const invoiced = await manager.patch(`${api}/${rent.id}`, {
      invoice_amount: 10016.13,
      invoice_number: 'INV-88',
      invoice_date: '2026-03-20',
    });
    expect(invoiced.status).toBe(200);
    expect(invoiced.body).toMatchObject({
      data: {
        invoice_amount: 10016.13,
        invoice_number: 'INV-88',
        invoice_date: '2026-03-20',
        variance: 16.13,
        amount_to_pay: 10016.13,
      },
    });
    const badDate = await manager.patch(`${api}/${rent.id}`, {
      invoice_amount: 1,
      invoice_date: '2026-02-30',
    });
    expect(badDate.status).toBe(422);
    expect(Object.keys((badDate.body as { errors: object }).errors)).toEqual(['invoice_date']);

    const refused = await manager.post(`${api}/bulk`, { action: 'approve', ids: [rent.id, cam.id] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: { accept_variance: [expect.stringContaining(`#${rent.id}`)] },
    });
    expect((await manager.post(`${api}/bulk`, { action: 'pay', ids: [cam.id] })).status).toBe(422);

    const approved = await manager.post(`${api}/bulk`, {
      action: 'approve',
      ids: [rent.id, cam.id],
      accept_variance: true,
    });
    expect(approved.body).toEqual({ data: { updated: 2 } });
    let lines = (await period(admin, '2026-04')).data;
    expect(lines[0]).toMatchObject({
      status: 'approved',
      approved_by: { name: expect.any(String) },
      approved_at: expect.any(String),
      variance_approved: true,
    });
    expect(lines[1]).toMatchObject({ status: 'approved', variance_approved: false });
    expect((await manager.patch(`${api}/${rent.id}`, { invoice_amount: 1 })).status).toBe(409);

    const paid = await manager.post(`${api}/bulk`, {
      action: 'pay',
      ids: [rent.id],
      paid_reference: 'ACH-5521',
    });
    expect(paid.status).toBe(200);
    lines = (await period(admin, '2026-04')).data;
    expect(lines[0]).toMatchObject({
      status: 'paid',
      paid_reference: 'ACH-5521',
      paid_at: expect.any(String),
    });
    expect((await period(admin, '2026-04')).meta.totals).toEqual({
      scheduled: 10500,
      to_pay: 10516.13,
      paid: 10016.13,
    });

    // Regenerating leaves approved and paid lines as they are.
    expect((await admin.post(`${api}/generate`, { period: '2026-04' })).body).toEqual({
      data: { created: 0, updated: 0, removed: 0, unchanged: 2 },
    });
  });

  it('keys charge lines by kind: reordered charges keep their lines, a removed one goes unless approved', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    const charges = (list: Array<[string, number]>) =>
      admin.patch(`/app/api/v1/leases/${lease.id}`, {
        charges: list.map(([kind, monthly_amount]) => ({ kind, monthly_amount })),
      });
    expect(
      (
        await charges([
          ['cam', 500],
          ['taxes', 300],
          ['insurance', 80],
        ])
      ).status,
    ).toBe(200);
    expect((await admin.post(`${api}/generate`, { period: '2026-04' })).body).toEqual({
      data: { created: 4, updated: 0, removed: 0, unchanged: 0 },
    });
    const lines = async () =>
      (await period(admin, '2026-04')).data
        .filter((p) => p.kind === 'charge')
        .map((p) => [p.charge_kind, p.scheduled_amount, p.status])
        .sort();
    const taxes = (await period(admin, '2026-04')).data.find((p) => p.charge_kind === 'taxes')!;
    await admin.post(`${api}/bulk`, { action: 'approve', ids: [taxes.id] });

    // Reordered, CAM and taxes raised: the scheduled CAM line follows, the approved taxes line does not.
    expect(
      (
        await charges([
          ['insurance', 80],
          ['taxes', 350],
          ['cam', 600],
        ])
      ).status,
    ).toBe(200);
    expect((await admin.post(`${api}/generate`, { period: '2026-04' })).body).toEqual({
      data: { created: 0, updated: 1, removed: 0, unchanged: 3 },
    });
    expect(await lines()).toEqual([
      ['cam', 600, 'scheduled'],
      ['insurance', 80, 'scheduled'],
      ['taxes', 300, 'approved'],
    ]);

    // CAM and taxes removed: the scheduled CAM line goes, the approved taxes line stays as it was.
    expect((await charges([['insurance', 80]])).status).toBe(200);
    expect((await admin.post(`${api}/generate`, { period: '2026-04' })).body).toEqual({
      data: { created: 0, updated: 0, removed: 1, unchanged: 2 },
    });
    expect(await lines()).toEqual([
      ['insurance', 80, 'scheduled'],
      ['taxes', 300, 'approved'],
    ]);
  });

  it('renames lines keyed by a charge’s old position to its kind, keeping approved ones (migration 0047)', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    await admin.patch(`/app/api/v1/leases/${lease.id}`, {
      charges: [
        { kind: 'cam', monthly_amount: 500 },
        { kind: 'other', monthly_amount: 150 },
      ],
    });
    await admin.post(`${api}/generate`, { period: '2026-04' });
    // The lines as the position keys made them: CAM first; two "other" charges, the first one approved.
    const rows = () =>
      ctx.db
        .selectFrom('rent_payables')
        .select(['source', 'status', 'scheduled_cents'])
        .where('team_id', '=', team.id)
        .where('kind', '=', 'charge')
        .orderBy('source')
        .execute();
    await ctx.db
      .updateTable('rent_payables')
      .set({ source: 'charge:0:cam' })
      .where('team_id', '=', team.id)
      .where('source', '=', 'charge:cam')
      .execute();
    await ctx.db
      .updateTable('rent_payables')
      .set({ source: 'charge:1:other', status: 'approved', scheduled_cents: 100_00 })
      .where('team_id', '=', team.id)
      .where('source', '=', 'charge:other')
      .execute();
    const [approvedOther] = await ctx.db
      .selectFrom('rent_payables')
      .selectAll()
      .where('team_id', '=', team.id)
      .where('source', '=', 'charge:1:other')
      .execute();
    const { id: _id, ...copy } = approvedOther!;
    await ctx.db
      .insertInto('rent_payables')
      .values({ ...copy, source: 'charge:2:other', status: 'scheduled', scheduled_cents: 50_00 })
      .execute();

    await rekeyChargeLines(ctx.db);
    expect((await rows()).map((r) => [r.source, r.status, Number(r.scheduled_cents)])).toEqual([
      ['charge:cam', 'scheduled', 500_00],
      ['charge:other', 'approved', 100_00],
    ]);
    expect((await admin.post(`${api}/generate`, { period: '2026-04' })).body).toEqual({
      data: { created: 0, updated: 0, removed: 0, unchanged: 3 },
    });
  });

  it('moves a scheduled line to the period its due date now falls in when the terms change', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    await admin.post(`${api}/generate`, { period: '2026-04' });
    await admin.put(`/app/api/v1/leases/${lease.id}/payment-terms`, { timing: 'arrears' });
    // April's service, now paid in arrears, falls due on 1 May: the same two lines, moved.
    expect((await admin.post(`${api}/generate`, { period: '2026-05' })).body).toEqual({
      data: { created: 0, updated: 2, removed: 0, unchanged: 0 },
    });
    expect((await period(admin, '2026-04')).data).toEqual([]);
    expect((await period(admin, '2026-05')).data.map((p) => [p.service_start, p.due_date])).toEqual([
      ['2026-04-01', '2026-05-01'],
      ['2026-04-01', '2026-05-01'],
    ]);
  });

  it('takes an approved line back to scheduled, and voids lines not yet paid with a reason, who and when', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    await leaseWithRent(admin);
    await admin.post(`${api}/generate`, { period: '2026-04' });
    const [rent, cam] = (await period(admin, '2026-04')).data as [Payable, Payable];
    expect(rent.abilities).toEqual({ update: true, unapprove: false, void: true });
    await manager.post(`${api}/bulk`, { action: 'approve', ids: [rent.id, cam.id] });

    expect((await manager.post(`${api}/bulk`, { action: 'unapprove', ids: [rent.id] })).body).toEqual({
      data: { updated: 1 },
    });
    let [rentNow] = (await period(admin, '2026-04')).data as [Payable];
    expect(rentNow).toMatchObject({ status: 'scheduled', approved_by: null, approved_at: null });
    const again = await manager.post(`${api}/bulk`, { action: 'unapprove', ids: [rent.id] });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      message: 'Only approved payables can be taken back to scheduled.',
      errors: { ids: [`Not approved: #${rent.id}.`] },
    });

    const noReason = await manager.post(`${api}/bulk`, { action: 'void', ids: [cam.id], reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(Object.keys((noReason.body as { errors: object }).errors)).toEqual(['reason']);
    const voided = await manager.post(`${api}/bulk`, {
      action: 'void',
      ids: [cam.id],
      reason: 'Landlord bills CAM quarterly',
    });
    expect(voided.body).toEqual({ data: { updated: 1 } });
    const list = await period(admin, '2026-04');
    // Voided lines stay listed, out of the totals.
    expect(list.meta).toMatchObject({ total: 2, totals: { scheduled: 10000, to_pay: 10000, paid: 0 } });
    expect(list.data[1]).toMatchObject({
      id: cam.id,
      status: 'void',
      void_reason: 'Landlord bills CAM quarterly',
      voided_by: { name: expect.any(String) },
      voided_at: expect.any(String),
      abilities: { update: false, unapprove: false, void: false },
    });
    // … out of the accounts-payable file, and never made again.
    const csv = String((await admin.get(`${api}/export?period=2026-04&format=csv`)).body);
    expect(csv).toContain(`${rent.id},scheduled,`);
    expect(csv).not.toContain(`${cam.id},void,`);
    expect((await admin.post(`${api}/generate`, { period: '2026-04' })).body).toEqual({
      data: { created: 0, updated: 0, removed: 0, unchanged: 2 },
    });

    await manager.post(`${api}/bulk`, { action: 'approve', ids: [rent.id] });
    await manager.post(`${api}/bulk`, { action: 'pay', ids: [rent.id] });
    const paidVoid = await manager.post(`${api}/bulk`, { action: 'void', ids: [rent.id], reason: 'Twice' });
    expect(paidVoid.status).toBe(409);
    expect(paidVoid.body).toMatchObject({
      message: `A paid payable cannot be voided: #${rent.id} is paid already.`,
    });
    [rentNow] = (await period(admin, '2026-04')).data as [Payable];
    expect(rentNow).toMatchObject({ status: 'paid', void_reason: null });

    const audit = await admin.get<{
      data: Array<{ action: string; subject_type: string; subject_id: string | null; changes: object }>;
    }>('/app/api/v1/activities?per_page=100');
    const moves = audit.body.data
      .filter((a) => a.subject_type === 'payables' && ['unapproved', 'voided'].includes(a.action))
      .map((a) => [a.action, a.subject_id, a.changes]);
    expect(moves).toEqual(
      expect.arrayContaining([
        ['unapproved', String(rent.id), { status: ['approved', 'scheduled'] }],
        [
          'voided',
          String(cam.id),
          { status: ['approved', 'void'], void_reason: [null, 'Landlord bills CAM quarterly'] },
        ],
      ]),
    );
  });

  it('pages a period’s lines with page and per_page, the totals covering the whole period', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    await admin.patch(`/app/api/v1/leases/${lease.id}`, {
      charges: [
        { kind: 'cam', monthly_amount: 500 },
        { kind: 'taxes', monthly_amount: 300 },
      ],
    });
    await admin.post(`${api}/generate`, { period: '2026-04' });
    const first = await admin.get<PayableList>(`${api}?period=2026-04&per_page=2`);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.meta).toMatchObject({
      current_page: 1,
      per_page: 2,
      last_page: 2,
      total: 3,
      from: 1,
      to: 2,
      totals: { scheduled: 10800 },
    });
    const second = await admin.get<PayableList>(`${api}?period=2026-04&per_page=2&page=2`);
    expect(second.body.data.map((p) => p.id)).not.toContain(first.body.data[0]!.id);
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 3, to: 3, total: 3 });
    // Without a period: this month in the team's time zone.
    const current = await admin.get<PayableList>(api);
    expect(current.status).toBe(200);
    expect(current.body.meta.period).toMatch(/^\d{4}-\d{2}$/);
    const tooMany = await admin.get(`${api}?period=2026-04&per_page=101`);
    expect(tooMany.status).toBe(422);
    expect(Object.keys((tooMany.body as { errors: object }).errors)).toEqual(['per_page']);
  });

  it('refuses a period its year arithmetic cannot reach with a 422 on the field, not a 500', async () => {
    const { admin } = await teamWithRoles(ctx);
    await leaseWithRent(admin);
    for (const month of ['9999-12', '0000-01', '2026-13', '2026-1']) {
      const refused = await admin.post(`${api}/generate`, { period: month });
      expect(refused.status, month).toBe(422);
      expect(refused.body).toMatchObject({
        errors: { period: ['The period must be a month written YYYY-MM, from 1900 to 2999.'] },
      });
    }
    expect((await admin.get(`${api}?period=9999-12`)).status).toBe(422);
  });

  it('exports a period for accounts payable as CSV and XLSX', async () => {
    const { admin } = await teamWithRoles(ctx);
    await leaseWithRent(admin);
    await admin.post(`${api}/generate`, { period: '2026-03' });
    const csv = await admin.get(`${api}/export?period=2026-03&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toMatch(
      /filename="payables-2026-03-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = String(csv.body);
    expect(text).toContain('Payable,Status,Due date,Payee,Remittance,Lease,Store,Kind');
    expect(text).toContain(
      ',scheduled,2026-03-15,Harbor Properties,,L-7,Riverside,rent,2026-03-15,2026-03-31,5483.87,',
    );
    const xlsx = await admin.get(`${api}/export?period=2026-03&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
    expect((await admin.get(`${api}/export?period=2026-13`)).status).toBe(422);
  });

  it('lets observers read only, and shows another team nothing of these lines', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const lease = await leaseWithRent(admin);
    await admin.post(`${api}/generate`, { period: '2026-03' });
    const [line] = (await period(admin, '2026-03')).data as [Payable];
    expect((await period(observer, '2026-03')).meta.abilities).toEqual({ generate: false, update: false });
    expect((await observer.post(`${api}/generate`, { period: '2026-03' })).status).toBe(403);
    expect((await observer.post(`${api}/bulk`, { action: 'approve', ids: [line.id] })).status).toBe(403);
    expect((await observer.patch(`${api}/${line.id}`, { invoice_amount: 1 })).status).toBe(403);
    for (const action of ['unapprove', 'void'])
      expect(
        (await observer.post(`${api}/bulk`, { action, ids: [line.id], reason: 'No' })).status,
        action,
      ).toBe(403);
    expect((await observer.put(`/app/api/v1/leases/${lease.id}/payment-terms`, { due_day: 5 })).status).toBe(
      403,
    );

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await period(stranger, '2026-03')).data).toEqual([]);
    expect((await stranger.patch(`${api}/${line.id}`, { invoice_amount: 1 })).status).toBe(404);
    for (const action of ['approve', 'unapprove', 'void'])
      expect(
        (await stranger.post(`${api}/bulk`, { action, ids: [line.id], reason: 'No' })).status,
        action,
      ).toBe(404);
    expect((await stranger.get(`/app/api/v1/leases/${lease.id}/payment-terms`)).status).toBe(404);
    expect((await stranger.put(`/app/api/v1/leases/${lease.id}/payment-terms`, { due_day: 5 })).status).toBe(
      404,
    );
    const own = await stranger.post(`${api}/generate`, { period: '2026-03' });
    expect(own.body).toEqual({ data: { created: 0, updated: 0, removed: 0, unchanged: 0 } });
    expect((await period(admin, '2026-03')).data[0]).toMatchObject({ id: line.id, status: 'scheduled' });
  });
});
