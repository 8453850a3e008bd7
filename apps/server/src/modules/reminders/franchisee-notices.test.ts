import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import { buildCompany, buildMember, buildStore, buildUser, mailTo, signIn } from '../../../test/factories';
import { nowIso } from '../../platform/clock';
import { observeQueries } from '../../platform/db';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { addDaysIso, todayIso } from '../leases/dates';
import { deliverReminderNotices } from './digest';

const ctx = useTestApp();

const due = (days: number) => addDaysIso(todayIso(), days);

/** The due dates a notice lists ("Due 2026-…" lines of a digest, "Due on …" of an immediate mail). */
const datesIn = (text: string) => [...text.matchAll(/Due (?:on )?(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]);

/**
 * A franchisor's team with two franchisees, North and South, each operating a store and each with a manager
 * limited to their company; a franchisor's manager; and dated reminders about each franchisee's store, the
 * team itself, and the franchisor's follow-up of North's unpaid invoice.
 */
async function franchiseNetwork() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  const north = await buildCompany(owner, { name: 'North LLC', kind: 'franchisee' });
  const south = await buildCompany(owner, { name: 'South LLC', kind: 'franchisee' });
  const northStore = await buildStore(owner, { name: 'North Store', company_id: north.id });
  const southStore = await buildStore(owner, { name: 'South Store', company_id: south.id });
  const staff = await buildMember(ctx, team.id, 'manager');
  const limit = async (companyId: number) => {
    const member = await buildMember(ctx, team.id, 'manager');
    const url = `/app/api/v1/teams/${team.id}/members/${member.id}`;
    expect((await owner.patch(url, { role: 'manager', company_ids: [companyId] })).status).toBe(200);
    return { member, client: await signIn(ctx, member.email) };
  };
  const northMember = await limit(north.id);
  const southMember = await limit(south.id);
  const remind = async (title: string, days: number, subject?: { type: string; id: number }) => {
    const created = await owner.post('/app/api/v1/reminders', {
      title,
      due_date: due(days),
      ...(subject ? { subject_type: subject.type, subject_id: subject.id } : {}),
    });
    expect(created.status).toBe(201);
    return created.body.data.id as number;
  };
  await remind('North inspection', 20, { type: 'store', id: northStore.id });
  await remind('North fire permit', 3, { type: 'store', id: northStore.id });
  await remind('South inspection', 40, { type: 'store', id: southStore.id });
  await remind('Franchisor board meeting', 25);
  // What the billing tick writes for an open invoice: about the franchisee, but the franchisor's to chase.
  const now = nowIso();
  await ctx.db
    .insertInto('reminders')
    .values({
      team_id: team.id,
      subject_type: 'company',
      subject_id: north.id,
      source: 'invoice_payment',
      source_key: 'invoice_payment:999',
      title: 'Payment of invoice 42',
      due_date: due(10),
      visible_from: todayIso(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  // As every write does, so cached counts see the row.
  await bumpTeamWriteVersion(ctx.db, team.id);
  return { team, user, owner, staff, north, south, northStore, southStore, northMember, southMember };
}

const notifications = async (client: TestClient) => {
  const response = await client.get('/app/api/v1/users/auth');
  expect(response.status).toBe(200);
  return response.body.data.notifications as number;
};

describe('a franchisee’s notices, unread count and calendar feed', () => {
  it('mails each franchisee’s managers their own dates only, at once or in the digest, never the franchisor’s follow-ups', async () => {
    const f = await franchiseNetwork();
    // Two instances run the same tick: each notice is still delivered once.
    await Promise.all([
      deliverReminderNotices(ctx.app.deps, todayIso()),
      deliverReminderNotices(ctx.app.deps, todayIso()),
    ]);
    await deliverReminderNotices(ctx.app.deps, todayIso());

    const northMails = await mailTo(ctx, f.northMember.member.email);
    expect(northMails.map((m) => m.subject)).toEqual([
      `Due soon: North fire permit (${due(3)})`,
      expect.stringMatching(/1 critical date coming up$/),
    ]);
    expect(datesIn(northMails[1]!.text)).toEqual([due(20)]);
    expect(northMails[1]!.text).toContain('North inspection — North Store');

    const southMails = await mailTo(ctx, f.southMember.member.email);
    expect(southMails).toHaveLength(1);
    expect(southMails[0]!.subject).toMatch(/1 critical date coming up$/);
    expect(datesIn(southMails[0]!.text)).toEqual([due(40)]);
    expect(southMails[0]!.text).toContain('South inspection');

    // The franchisor's managers hear of everything, the follow-up included, as before.
    const staffMails = await mailTo(ctx, f.staff.email);
    expect(staffMails.map((m) => m.subject)).toEqual([
      `Due soon: North fire permit (${due(3)})`,
      expect.stringMatching(/4 critical dates coming up$/),
    ]);
    expect(datesIn(staffMails[1]!.text)).toEqual([due(10), due(20), due(25), due(40)]);
  });

  it('never escalates an overdue date to a franchisee, while the franchisor’s managers hear of it', async () => {
    const { user, team } = await buildUser(ctx);
    const owner = await signIn(ctx, user.email);
    const north = await buildCompany(owner, { name: 'North LLC', kind: 'franchisee' });
    const store = await buildStore(owner, { name: 'North Store', company_id: north.id });
    const member = await buildMember(ctx, team.id, 'manager');
    await owner.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [north.id],
    });
    const now = nowIso();
    await ctx.db
      .insertInto('reminders')
      .values({
        team_id: team.id,
        subject_type: 'store',
        subject_id: store.id,
        source: 'manual',
        title: 'Missed lease notice',
        due_date: due(-2),
        visible_from: due(-30),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await deliverReminderNotices(ctx.app.deps, todayIso());
    expect((await mailTo(ctx, user.email)).map((m) => m.subject)).toEqual([
      `Overdue: Missed lease notice (was due ${due(-2)})`,
    ]);
    expect(await mailTo(ctx, member.email)).toEqual([]);
  });

  it('counts each franchisee’s unread reminders and serves each their own calendar feed', async () => {
    const f = await franchiseNetwork();
    // North: two store dates and the invoice follow-up they see listed; South: one; the team: all five.
    expect(await notifications(f.northMember.client)).toBe(3);
    expect(await notifications(f.southMember.client)).toBe(1);
    expect(await notifications(f.owner)).toBe(5);
    const listed = await f.northMember.client.get('/app/api/v1/reminders?filters[status]=incomplete');
    expect(listed.body.meta.total).toBe(3);
    // Completing one lowers their count, not the other franchisee's.
    const fire = (listed.body.data as Array<{ id: number; title: string }>).find(
      (r) => r.title === 'North fire permit',
    )!;
    expect(
      (await f.northMember.client.patch(`/app/api/v1/reminders/${fire.id}`, { read: true })).status,
    ).toBe(200);
    expect(await notifications(f.northMember.client)).toBe(2);
    expect(await notifications(f.southMember.client)).toBe(1);

    const feedOf = async (client: TestClient) => {
      const made = await client.post('/app/api/v1/calendar-feed');
      expect(made.status).toBe(201);
      const ics = await ctx.client().get(new URL(made.body.data.url).pathname);
      expect(ics.status).toBe(200);
      return [...String(ics.body).matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim()).sort();
    };
    expect(await feedOf(f.northMember.client)).toEqual(['North inspection', 'Payment of invoice 42']);
    expect(await feedOf(f.southMember.client)).toEqual(['South inspection']);
    expect(await feedOf(f.owner)).toEqual([
      'Franchisor board meeting',
      'North inspection',
      'Payment of invoice 42',
      'South inspection',
    ]);
    expect((await f.northMember.client.get('/app/api/v1/calendar-feed')).body.data.active).toBe(true);
  });

  it('narrows a feed made for the whole team once its member is limited, at the next poll', async () => {
    const f = await franchiseNetwork();
    const url = `/app/api/v1/teams/${f.team.id}/members/${f.staff.id}`;
    const client = await signIn(ctx, f.staff.email);
    const feed = new URL((await client.post('/app/api/v1/calendar-feed')).body.data.url).pathname;
    expect(String((await ctx.client().get(feed)).body)).toContain('Franchisor board meeting');
    expect((await f.owner.patch(url, { role: 'manager', company_ids: [f.south.id] })).status).toBe(200);
    const narrowed = await ctx.client().get(feed);
    expect(narrowed.status).toBe(200);
    expect([...String(narrowed.body).matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim())).toEqual([
      'South inspection',
    ]);
  });
  it('finds a franchisee’s reminders among a digest’s by their ids and companies, not by walking the team’s rows', async () => {
    await franchiseNetwork();
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => {
      if (/^select "id" from "reminders" where .*"subject_type"/.test(query.sql)) statements.push(query.sql);
    });
    await deliverReminderNotices(ctx.app.deps, todayIso()).finally(stop);
    // One statement per franchisee (North, South) for each batch of the digest's reminders.
    expect(statements.length).toBeGreaterThanOrEqual(2);
    // SQLite, without statistics, walked the team's index for each batch (36 s for a 94,000-notice digest of a
    // team with a million reminders); PostgreSQL's planner has statistics and reads the ids as it likes.
    if (!ctx.databaseUrl.startsWith('sqlite:')) return;
    for (const statement of statements) {
      const params = Array.from({ length: (statement.match(/\?/g) ?? []).length }, () => 1);
      const { rows } = await ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement}`, params),
      );
      const plan = rows.map((row) => row.detail);
      expect(plan).toContainEqual(expect.stringMatching(/^SEARCH reminders USING INTEGER PRIMARY KEY/));
      // The franchisee's stores, leases and agreements are found from their companies, not among the team's.
      expect(plan.filter((step) => /USING (COVERING )?INDEX \w+_team_id_\w+/.test(step))).toEqual([]);
    }
  });
});
