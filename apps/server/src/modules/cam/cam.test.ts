import { describe, expect, it } from 'vitest';
import type { CamReconciliation } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import {
  buildLease,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
  uploadDocument,
} from '../../../test/factories';

const ctx = useTestApp();
type Client = Awaited<ReturnType<typeof teamWithRoles>>['admin'];

/** Lease years from 2023, CAM estimates of 2,000 a month (24,000 a year). */
async function camLease(client: Client) {
  const store = await buildStore(client, { name: 'Riverside' });
  const lease = await buildLease(client, {
    store_id: store.id,
    reference: 'L-CAM',
    status: 'active',
    commencement_date: '2023-01-01',
    expiration_date: '2030-12-31',
    charges: [{ kind: 'cam', monthly_amount: 2000, estimated: true }],
  });
  return { store, lease, url: `/app/api/v1/leases/${lease.id}/cam` };
}

const reminderOf = (leaseId: number, year: number) =>
  ctx.db
    .selectFrom('reminders')
    .select(['title', 'due_date', 'source', 'subject_type', 'subject_id'])
    .where('source_key', '=', `cam_audit:${leaseId}:${year}`)
    .executeTakeFirst();

describe('CAM reconciliation', () => {
  it('checks the controllable cap from the base year, compounding or cumulative, and gives the variance', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url, store } = await camLease(admin);
    const document = await uploadDocument(admin, {
      to: { type: 'stores', id: store.id },
      name: 'cam-2025.txt',
      content: 'CAM reconciliation 2025',
      type: 'text/plain',
      fields: { title: 'CAM statement 2025' },
    });
    const terms = await admin.put(url, {
      cap_percent: 5,
      cap_method: 'compounding',
      base_year: 1,
      audit_days: 90,
    });
    expect(terms.status).toBe(200);
    await admin.post(`${url}/statements`, {
      lease_year: 1,
      actual: 26000,
      controllable: 10000,
      received_on: '2024-04-15',
    });
    const saved = await admin.post<{ data: CamReconciliation }>(`${url}/statements`, {
      lease_year: 3,
      actual: 30000,
      controllable: 11500,
      received_on: '2026-04-15',
      document_id: document.id,
    });
    expect(saved.status).toBe(200);
    const years = saved.body.data.years;
    expect(years.map((y) => y.lease_year)).toEqual([1, 2, 3, 4]);
    expect(years[0]).toMatchObject({
      estimates_paid: 24000,
      estimates_basis: 'charges',
      cap_limit: 10000,
      over_cap: 0,
      variance: 2000,
      audit_deadline: '2024-07-14',
    });
    expect(years[1]).toMatchObject({ statement: null, variance: null, cap_limit: 10500 });
    // 10,000 × 1.05² = 11,025: 475 over the cap comes off the 30,000; 29,525 − 24,000 = 5,525 owed.
    expect(years[2]).toMatchObject({
      start: '2025-01-01',
      end: '2025-12-31',
      statement: {
        actual: 30000,
        controllable: 11500,
        document: { id: document.id, title: 'CAM statement 2025' },
      },
      cap_limit: 11025,
      over_cap: 475,
      billable: 29525,
      variance: 5525,
      audit_deadline: '2026-07-14',
    });
    // Cumulative, not compounding: 10,000 × (1 + 2 × 5 %) = 11,000, so 500 over.
    const cumulative = await admin.put<{ data: CamReconciliation }>(url, {
      cap_percent: 5,
      cap_method: 'cumulative',
      audit_days: 90,
    });
    expect(cumulative.body.data.years[2]).toMatchObject({ cap_limit: 11000, over_cap: 500, variance: 5500 });
    // Entered estimates replace the charges' figure.
    const entered = await admin.post<{ data: CamReconciliation }>(`${url}/statements`, {
      lease_year: 3,
      actual: 30000,
      controllable: 11500,
      estimates_paid: 25000,
      received_on: '2026-04-15',
    });
    expect(entered.body.data.years[2]).toMatchObject({
      estimates_paid: 25000,
      estimates_basis: 'entered',
      variance: 4500,
    });
  });

  it('keeps the audit window as a critical date of the lease with a reminder, through edits of the lease', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url, lease } = await camLease(admin);
    await admin.post(`${url}/statements`, { lease_year: 3, actual: 30000, received_on: '2026-04-15' });
    // No audit clause yet: no window, no reminder.
    expect(await reminderOf(lease.id, 3)).toBeUndefined();
    await admin.put(url, { audit_days: 120 });
    expect(await reminderOf(lease.id, 3)).toEqual({
      title: 'CAM audit window closes: Riverside, lease year 3',
      due_date: '2026-08-13',
      source: 'cam_audit',
      subject_type: 'lease',
      subject_id: lease.id,
    });
    // Saving the lease recomputes its own dates and leaves the CAM window alone.
    expect((await admin.patch(`/app/api/v1/leases/${lease.id}`, { reference: 'L-CAM-2' })).status).toBe(200);
    expect((await reminderOf(lease.id, 3))?.due_date).toBe('2026-08-13');
    // A later receipt moves the window.
    await admin.post(`${url}/statements`, { lease_year: 3, actual: 30000, received_on: '2026-05-01' });
    expect((await reminderOf(lease.id, 3))?.due_date).toBe('2026-08-29');
    await admin.put(url, { audit_days: null });
    expect(await reminderOf(lease.id, 3)).toBeUndefined();
  });

  it('refuses statements field by field', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url } = await camLease(admin);
    const other = await signIn(ctx, (await buildUser(ctx)).user.email);
    const foreign = await uploadDocument(other, {
      to: { type: 'stores', id: (await buildStore(other)).id },
      name: 'x.txt',
      content: 'x',
      type: 'text/plain',
      fields: { title: 'Not yours' },
    });
    const bad = await admin.post(`${url}/statements`, {
      lease_year: 9,
      actual: 100,
      controllable: 200,
      received_on: '2026-04-15',
      document_id: foreign.id,
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      errors: {
        lease_year: ['The lease has lease years 1 to 4 so far.'],
        document_id: ['The selected document is invalid.'],
        controllable: ['The controllable amount cannot exceed the actual amount.'],
      },
    });
    const missing = await admin.post(`${url}/statements`, { lease_year: 1 });
    expect(Object.keys((missing.body as { errors: object }).errors).sort()).toEqual([
      'actual',
      'received_on',
    ]);
    const terms = await admin.put(url, { cap_percent: 101, cap_method: 'sometimes' });
    expect(Object.keys((terms.body as { errors: object }).errors).sort()).toEqual([
      'cap_method',
      'cap_percent',
    ]);
  });

  it('lets observers read only, and answers another team 404', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { url } = await camLease(admin);
    expect((await observer.get(url)).status).toBe(200);
    expect((await observer.put(url, { audit_days: 90 })).status).toBe(403);
    expect(
      (await observer.post(`${url}/statements`, { lease_year: 1, actual: 1, received_on: '2024-01-01' }))
        .status,
    ).toBe(403);
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.put(url, { audit_days: 90 })).status).toBe(404);
    expect(
      (await stranger.post(`${url}/statements`, { lease_year: 1, actual: 1, received_on: '2024-01-01' }))
        .status,
    ).toBe(404);
  });
});
