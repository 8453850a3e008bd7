import { addCalendarMonths, franchiseeDashboardSchema, type FranchiseeDashboard } from '@storekeep/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  signIn,
  uploadDocument,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();
const api = '/app/api/v1';

/**
 * A franchisor's team with two franchisees, North and South, each operating a store with a lease ending in
 * 90 (North) or 120 (South) days under a monthly agreement that began three months ago (5% royalty, $99
 * technology fee), and a manager limited to each. Both reported three months ago; South also for the two
 * months since, so North's report of two months ago is missing. That earlier month is invoiced for both,
 * and each has a shared and an unshared document.
 */
async function franchiseTeam() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  const today = todayIso();
  const month = (offset: number) => addCalendarMonths(`${today.slice(0, 7)}-01`, offset);
  const brand = await buildBrand(owner, { name: 'Harbor Grill' });
  const made = [];
  for (const [name, days] of [
    ['North', 90],
    ['South', 120],
  ] as const) {
    const company = await buildCompany(owner, { name: `${name} Franchise LLC`, kind: 'franchisee' });
    const store = await buildStore(owner, {
      name: `${name} Store`,
      company_id: company.id,
      brand_id: brand.id,
    });
    const lease = await buildLease(owner, {
      store_id: store.id,
      status: 'active',
      commencement_date: addDaysIso(today, -1000),
      expiration_date: addDaysIso(today, days),
    });
    const agreement = await buildAgreement(owner, {
      brand_id: brand.id,
      franchisee_id: company.id,
      store_ids: [store.id],
      status: 'open',
      effective_date: month(-3),
      royalty_percent: 5,
      technology_fee: 99,
      reporting_frequency: 'monthly',
    });
    const rows = [{ store_id: store.id, period_start: month(-3), gross: 10000 }];
    if (name === 'South')
      rows.push(
        { store_id: store.id, period_start: month(-2), gross: 10000 },
        { store_id: store.id, period_start: month(-1), gross: 10000 },
      );
    expect((await owner.post(`${api}/sales/batch`, { rows })).status).toBe(200);
    const shared = await uploadDocument(owner, {
      to: { type: 'stores', id: store.id },
      name: `${name} manual.txt`,
      content: 'manual',
      fields: { title: `${name} operations manual`, shared: 'true' },
    });
    await uploadDocument(owner, {
      to: { type: 'leases', id: lease.id },
      name: `${name} draft.txt`,
      content: 'draft',
      fields: { title: `${name} draft` },
    });
    const member = await buildMember(ctx, team.id, 'manager');
    const scoped = await owner.patch(`${api}/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [company.id],
    });
    expect(scoped.status).toBe(200);
    made.push({ company, store, lease, agreement, shared, client: await signIn(ctx, member.email) });
  }
  const invoiced = await owner.post(`${api}/invoices`, { period: month(-3).slice(0, 7) });
  expect(invoiced.status).toBe(201);
  return { team, owner, today, month, north: made[0]!, south: made[1]! };
}

async function dashboardOf(client: TestClient): Promise<FranchiseeDashboard> {
  const response = await client.get(`${api}/dashboard/franchisee`);
  expect(response.status).toBe(200);
  return franchiseeDashboardSchema.parse(response.body.data);
}

describe('GET /dashboard/franchisee', () => {
  it('shows a franchisee their own next dates, missing reports, open invoices and shared documents only', async () => {
    const { today, month, north, south } = await franchiseTeam();
    const mine = await dashboardOf(north.client);

    const lease = mine.deadlines.find((d) => d.source === 'lease_expiration');
    expect(lease).toMatchObject({
      due_date: addDaysIso(today, 90),
      subject: { type: 'lease', id: north.lease.id },
    });
    // Every date is about North's own lease or agreement.
    for (const item of [...mine.deadlines, ...mine.overdue])
      expect([`lease:${north.lease.id}`, `agreement:${north.agreement.id}`]).toContain(
        `${item.subject?.type}:${item.subject?.id}`,
      );

    expect(mine.reports.missing).toBeGreaterThanOrEqual(1);
    expect(mine.reports.items[0]).toMatchObject({
      status: 'missing',
      store: { id: north.store.id, name: 'North Store' },
      franchisee: { id: north.company.id },
      period_start: month(-2),
    });
    expect(mine.reports.items.every((r) => r.store.id === north.store.id)).toBe(true);

    // $10,000 reported: 5% = $500, and the $99 fee.
    expect(mine.invoices).toMatchObject({ open: 1, balance_due: 599 });
    expect(mine.invoices.items).toMatchObject([{ period_start: month(-3), total: 599, balance: 599 }]);

    expect(mine.documents.map((d) => d.title)).toEqual(['North operations manual']);

    // South, in the same team, sees theirs alone: nothing missing, their own invoice and document.
    const theirs = await dashboardOf(south.client);
    expect(theirs.reports.items.filter((r) => r.status === 'missing')).toEqual([]);
    expect(theirs.reports.items.every((r) => r.store.id === south.store.id)).toBe(true);
    expect(theirs.invoices.items.map((i) => i.id)).not.toContain(mine.invoices.items[0]!.id);
    expect(theirs.documents.map((d) => d.title)).toEqual(['South operations manual']);
    expect(theirs.deadlines.map((d) => d.subject?.id)).not.toContain(north.lease.id);
  });

  it('gives a member of the whole team the team’s figures, and another team’s member none of them', async () => {
    const { owner, north, south } = await franchiseTeam();
    const team = await dashboardOf(owner);
    expect(team.invoices).toMatchObject({ open: 2, balance_due: 1198 });
    expect(team.reports.items.map((r) => r.store.id)).toContain(north.store.id);
    expect(team.documents.map((d) => d.title).sort()).toEqual([
      'North draft',
      'North operations manual',
      'South draft',
      'South operations manual',
    ]);
    const leases = team.deadlines.filter((d) => d.source === 'lease_expiration').map((d) => d.subject?.id);
    expect(leases).toEqual([north.lease.id, south.lease.id]);
    // The team's own dashboard is unchanged and still refused to a franchisee.
    expect((await owner.get(`${api}/dashboard`)).status).toBe(200);
    expect((await north.client.get(`${api}/dashboard`)).status).toBe(403);

    const { user } = await buildUser(ctx);
    const stranger = await dashboardOf(await signIn(ctx, user.email));
    expect(stranger).toEqual({
      deadlines: [],
      overdue: [],
      reports: { missing: 0, due: 0, items: [] },
      invoices: { open: 0, balance_due: 0, past_due: 0, items: [] },
      documents: [],
    });
  });

  it('names only the stores their companies operate, even on their own agreement', async () => {
    const { owner, north, south } = await franchiseTeam();
    // The franchisor lists a store South operates, which has reported nothing, on North's agreement by mistake.
    const kiosk = await buildStore(owner, { name: 'South Kiosk', company_id: south.company.id });
    const patched = await owner.patch(`${api}/agreements/${north.agreement.id}`, {
      store_ids: [north.store.id, kiosk.id],
    });
    expect(patched.status).toBe(200);
    const mine = await dashboardOf(north.client);
    expect(mine.reports.items.length).toBeGreaterThan(0);
    expect(mine.reports.items.map((r) => r.store.name)).not.toContain('South Kiosk');
    // The franchisor's own view of the agreement is unchanged: the kiosk's reports are missing.
    const team = await dashboardOf(owner);
    expect(team.reports.items.map((r) => r.store.name)).toContain('South Kiosk');
  });
});
