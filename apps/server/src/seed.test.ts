import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { useTestApp } from '../test/context';
import { seedDemo } from './seed';

const ctx = useTestApp();

describe('demo team', () => {
  it('is seeded once with a believable, searchable portfolio', async () => {
    expect(await seedDemo(ctx.app.deps)).toBe(true);
    expect(await seedDemo(ctx.app.deps)).toBe(false);
    const demo = ctx.client();
    expect((await demo.post('/app/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    const total = async (path: string) => (await demo.get(`/app/api/v1/${path}`)).body.meta.total;
    expect(await total('companies')).toBe(43);
    expect(await total('companies?filters[kind]=franchisor')).toBe(3);
    expect(await total('brands')).toBe(4);
    expect(await total('stores')).toBe(120);
    expect(await total('contacts')).toBe(150);
    const stores = (await demo.get('/app/api/v1/stores?per_page=100')).body.data;
    expect(new Set(stores.map((s: { region: string }) => s.region)).size).toBeGreaterThan(5);
    expect(stores.every((s: { latitude: number | null }) => s.latitude !== null)).toBe(true);
    expect(await total('leases')).toBe(100);
    const agreements = await total('agreements');
    expect(agreements).toBeGreaterThan(50);
    expect(agreements).toBeLessThan(100);
    const dashboard = (await demo.get('/app/api/v1/dashboard')).body.data;
    expect(dashboard.stats.expenditure).toBeGreaterThan(0);
    expect(dashboard.stats.near_expiration + dashboard.stats.near_renewal_notice).toBeGreaterThan(0);
    // One agreement in eight ends months away from its store's lease: the dashboard warns about those.
    expect(dashboard.alignment_warnings.length).toBeGreaterThan(3);
    expect(dashboard.timeline.map((item: { source: string }) => item.source)).toEqual(
      expect.arrayContaining(['lease_expiration', 'agreement_expiration']),
    );
    // A portfolio as it looks on any day: a few deadlines missed, some due this month, no years-old unread.
    const unread = (await demo.get('/app/api/v1/users/auth')).body.data.notifications;
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(150);
    const counts = (await demo.get('/app/api/v1/reminders/counts')).body.data;
    expect(counts.overdue).toBeGreaterThanOrEqual(3);
    expect(counts.overdue).toBeLessThan(10);
    expect(dashboard.stats.overdue).toBe(counts.overdue);
    const oldest = (await demo.get('/app/api/v1/reminders?filters[status]=incomplete&per_page=1')).body
      .data[0];
    expect(oldest.due_date > new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    // Chained renewal windows, one exercised with its history, and a kick-out right counted from lease month 36.
    // The list leaves options out (the detail has them): read the first ten leases whole (the seed's first two
    // are the exercised one and the kick-out).
    const listed = (await demo.get('/app/api/v1/leases?per_page=10&sort=created_at')).body.data;
    expect(listed.filter((l: { next_deadline: string | null }) => l.next_deadline).length).toBeGreaterThan(5);
    const leases = [];
    for (const l of listed) leases.push((await demo.get(`/app/api/v1/leases/${l.id}`)).body.data);
    const exercised = leases.find((l: { options: Array<{ exercised_count: number }> }) =>
      l.options.some((o) => o.exercised_count === 1),
    );
    expect(exercised.options[0].windows.map((w: { state: string }) => w.state)).toEqual([
      'exercised',
      'open',
    ]);
    expect((await demo.get(`/app/api/v1/leases/${exercised.id}/history`)).body.data[0].kind).toBe('exercise');
    const kickOut = leases.find((l: { options: Array<{ kind: string }> }) =>
      l.options.some((o) => o.kind === 'termination'),
    );
    expect(kickOut.options[1].windows[0].latest.explanation).toMatch(
      /^90 days after the end of the 36th lease month/,
    );
    expect(
      leases.every((l: { options: Array<{ windows: unknown[] }> }) => l.options[0]!.windows.length === 2),
    ).toBe(true);
    // Two years of monthly sales for the open stores feed the sales reports and the royalties due.
    expect(await total('sales')).toBeGreaterThan(1000);
    const year = new Date().getUTCFullYear();
    const royalties = (
      await demo.get(`/app/api/v1/sales/reports/royalties?from=${year - 1}-01-01&to=${year - 1}-12-31`)
    ).body.data;
    expect(
      royalties.filter((r: { sales: number; total_due: number }) => r.sales > 0 && r.total_due > 0).length,
    ).toBeGreaterThan(20);
    const rent = (
      await demo.get(`/app/api/v1/sales/reports/percentage-rent?from=${year - 1}-01-01&to=${year - 1}-12-31`)
    ).body.data;
    expect(rent.some((r: { rent_due: number }) => r.rent_due > 0)).toBe(true);
    // Signed lease PDFs, linked to their leases and named as the renewal option's source, whose text is found.
    await ctx.app.deps.jobs.drain();
    const pdfs = (await demo.get('/app/api/v1/documents?search=certified')).body.data;
    expect(pdfs.length).toBe(3);
    expect(pdfs[0].title).toMatch(/^Lease L-\d+ \(signed\)$/);
    const sourced = leases.find(
      (l: { options: Array<{ source_document_id: number | null }> }) =>
        l.options[0]!.source_document_id !== null,
    );
    expect(sourced.options[0].source_page).toBe(2);
    const search = await demo.get('/app/api/v1/search?query=harbor');
    expect(search.body.data.map((g: { type: string }) => g.type)).toEqual(
      expect.arrayContaining(['companies', 'brands', 'stores']),
    );
  });
});
