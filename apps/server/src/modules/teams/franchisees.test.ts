import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  mailTo,
  signIn,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';
import { deliverReminderNotices } from '../reminders/digest';

const ctx = useTestApp();

/**
 * A franchisor's team with two franchisee companies, each operating one store with a month of sales, and a
 * manager limited to the first franchisee.
 */
async function franchiseTeam() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  const mine = await buildCompany(owner, { name: 'North Franchise LLC', kind: 'franchisee' });
  const theirs = await buildCompany(owner, { name: 'South Franchise LLC', kind: 'franchisee' });
  const myStore = await buildStore(owner, { name: 'North Store', company_id: mine.id });
  const theirStore = await buildStore(owner, { name: 'South Store', company_id: theirs.id });
  const teamStore = await buildStore(owner, { name: 'Company Store' });
  const sold = await owner.post('/app/api/v1/sales', {
    store_id: theirStore.id,
    period: 'month',
    period_start: '2026-01-01',
    gross: 900,
  });
  expect(sold.status).toBe(201);
  const theirSale = sold.body.data as { id: number };
  const member = await buildMember(ctx, team.id, 'manager');
  const scoped = await owner.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
    role: 'manager',
    company_ids: [mine.id],
  });
  expect(scoped.status).toBe(200);
  const franchisee = await signIn(ctx, member.email);
  return {
    team,
    owner,
    ownerId: user.id,
    franchisee,
    member,
    mine,
    theirs,
    myStore,
    theirStore,
    teamStore,
    theirSale,
  };
}

const names = (client: TestClient, url: string) =>
  client.get(url).then((r) => {
    expect(r.status).toBe(200);
    return (r.body.data as Array<{ name: string }>).map((s) => s.name);
  });

describe('members limited to franchisee companies', () => {
  it('sees and lists only their own companies’ stores; another franchisee’s store is a 404', async () => {
    const f = await franchiseTeam();
    expect(await names(f.franchisee, '/app/api/v1/stores')).toEqual(['North Store']);
    expect(await names(f.franchisee, '/app/api/v1/stores?search=South')).toEqual([]);
    const own = await f.franchisee.get(`/app/api/v1/stores/${f.myStore.id}`);
    expect(own.status).toBe(200);
    // They read their store; changing it is the franchisor's.
    expect(own.body.data.abilities).toEqual({ update: false, delete: false, restore: false });
    expect((await f.franchisee.patch(`/app/api/v1/stores/${f.myStore.id}`, { name: 'Mine' })).status).toBe(
      403,
    );
    expect((await f.franchisee.get(`/app/api/v1/stores/${f.theirStore.id}`)).status).toBe(404);
    expect((await f.franchisee.get(`/app/api/v1/stores/${f.teamStore.id}`)).status).toBe(404);
    // The franchisor still sees every store.
    expect((await names(f.owner, '/app/api/v1/stores')).sort()).toEqual([
      'Company Store',
      'North Store',
      'South Store',
    ]);
  });

  it('is shown none of the team’s own attribute values on their stores and leases, which the franchisor sees', async () => {
    const f = await franchiseTeam();
    for (const subject_type of ['stores', 'leases'])
      expect(
        (
          await f.owner.post('/app/api/v1/attributes', {
            subject_type,
            label: 'Internal rating',
            type: 'text',
          })
        ).status,
      ).toBe(201);
    const rated = { attributes: { internal_rating: 'watch list' } };
    expect((await f.owner.patch(`/app/api/v1/stores/${f.myStore.id}`, rated)).status).toBe(200);
    const lease = await buildLease(f.owner, { store_id: f.myStore.id, reference: 'N-1', ...rated });
    for (const url of [`/app/api/v1/stores/${f.myStore.id}`, `/app/api/v1/leases/${lease.id}`]) {
      expect((await f.owner.get(url)).body.data.attributes).toEqual({ internal_rating: 'watch list' });
      expect((await f.franchisee.get(url)).body.data.attributes ?? {}).toEqual({});
    }
    for (const url of ['/app/api/v1/stores', '/app/api/v1/leases']) {
      const [row] = (await f.franchisee.get(url)).body.data;
      expect(row.attributes ?? {}).toEqual({});
    }
  });

  it('enters and corrects their own stores’ sales, and never reads or changes another franchisee’s', async () => {
    const f = await franchiseTeam();
    const created = await f.franchisee.post('/app/api/v1/sales', {
      store_id: f.myStore.id,
      period: 'month',
      period_start: '2026-02-01',
      gross: 1200.5,
    });
    expect(created.status).toBe(201);
    const corrected = await f.franchisee.patch(`/app/api/v1/sales/${created.body.data.id}`, { gross: 1250 });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data.gross).toBe(1250);
    const batch = await f.franchisee.post('/app/api/v1/sales/batch', {
      rows: [{ store_id: f.myStore.id, period_start: '2026-03-01', gross: 800 }],
    });
    expect(batch.status).toBe(200);

    const list = await f.franchisee.get('/app/api/v1/sales');
    expect(list.body.data.map((s: { store: { id: number } }) => s.store.id)).toEqual([
      f.myStore.id,
      f.myStore.id,
    ]);
    expect(list.body.meta.total).toBe(2);
    expect((await f.franchisee.get(`/app/api/v1/sales/${f.theirSale.id}`)).status).toBe(404);
    expect((await f.franchisee.patch(`/app/api/v1/sales/${f.theirSale.id}`, { gross: 1 })).status).toBe(404);
    expect((await f.franchisee.delete(`/app/api/v1/sales/${f.theirSale.id}`)).status).toBe(404);
    for (const store of [f.theirStore, f.teamStore]) {
      const refused = await f.franchisee.post('/app/api/v1/sales', {
        store_id: store.id,
        period: 'month',
        period_start: '2026-02-01',
        gross: 1,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.store_id).toEqual(['The selected store is invalid.']);
      const inBatch = await f.franchisee.post('/app/api/v1/sales/batch', {
        rows: [{ store_id: store.id, period_start: '2026-02-01', gross: 1 }],
      });
      expect(inBatch.status).toBe(422);
    }
    const theirs = await f.owner.get(`/app/api/v1/sales/${f.theirSale.id}`);
    expect(theirs.body.data.gross).toBe(900);
  });

  it('reads their stores’ leases and their history, never another franchisee’s or the team’s, and edits none', async () => {
    const f = await franchiseTeam();
    const mine = await buildLease(f.owner, { store_id: f.myStore.id, reference: 'N-1' });
    const theirs = await buildLease(f.owner, { store_id: f.theirStore.id, reference: 'S-1' });
    const team = await buildLease(f.owner, { store_id: f.teamStore.id, reference: 'T-1' });
    // The franchisor amends the franchisee's lease: the history is theirs to read too.
    expect((await f.owner.patch(`/app/api/v1/leases/${mine.id}`, { reference: 'N-1a' })).status).toBe(200);
    expect((await f.owner.patch(`/app/api/v1/leases/${theirs.id}`, { reference: 'S-1a' })).status).toBe(200);
    const references = async (url: string) => {
      const r = await f.franchisee.get(url);
      expect(r.status).toBe(200);
      return (r.body.data as Array<{ reference: string }>).map((l) => l.reference);
    };
    expect(await references('/app/api/v1/leases')).toEqual(['N-1a']);
    // A filter or search naming another franchisee's store finds nothing instead of widening the list.
    expect(await references(`/app/api/v1/leases?filters[store_id]=${f.theirStore.id}`)).toEqual([]);
    expect(await references('/app/api/v1/leases?search=S-1')).toEqual([]);
    const own = await f.franchisee.get(`/app/api/v1/leases/${mine.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data.store).toEqual({ id: f.myStore.id, name: 'North Store' });
    expect(own.body.data.abilities).toEqual({ update: false, delete: false, restore: false });
    const history = await f.franchisee.get(`/app/api/v1/leases/${mine.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    const entry = (history.body.data as Array<{ id: number }>)[0]!.id;
    expect((await f.franchisee.get(`/app/api/v1/leases/${mine.id}/history/${entry}`)).status).toBe(200);
    const theirHistory = await f.owner.get(`/app/api/v1/leases/${theirs.id}/history`);
    const theirEntry = (theirHistory.body.data as Array<{ id: number }>)[0]!.id;
    for (const url of [
      `/app/api/v1/leases/${theirs.id}`,
      `/app/api/v1/leases/${team.id}`,
      `/app/api/v1/leases/${theirs.id}/history`,
      `/app/api/v1/leases/${theirs.id}/history/${theirEntry}`,
    ])
      expect([url, (await f.franchisee.get(url)).status]).toEqual([url, 404]);
    // Editing stays the franchisor's, even on their own lease.
    expect((await f.franchisee.patch(`/app/api/v1/leases/${mine.id}`, { reference: 'Mine' })).status).toBe(
      403,
    );
    expect((await f.franchisee.delete(`/app/api/v1/leases/${mine.id}`)).status).toBe(403);
    expect(
      (await f.franchisee.post('/app/api/v1/leases', { store_id: f.myStore.id, status: 'active' })).status,
    ).toBe(403);
    // The franchisor still lists every lease.
    const all = await f.owner.get('/app/api/v1/leases');
    expect(all.body.data).toHaveLength(3);
  });

  it('reads the agreements their companies signed, never another franchisee’s or the franchisor’s, and edits none', async () => {
    const f = await franchiseTeam();
    // The franchisor listed the other franchisee's and its own store on theirs by mistake.
    const mine = await buildAgreement(f.owner, {
      agreement_number: 'FA-N',
      franchisee_id: f.mine.id,
      store_ids: [f.myStore.id, f.theirStore.id, f.teamStore.id],
    });
    const theirs = await buildAgreement(f.owner, {
      agreement_number: 'FA-S',
      franchisee_id: f.theirs.id,
      store_ids: [f.theirStore.id],
    });
    // An agreement naming no franchisee is nobody's but the franchisor's.
    const unassigned = await buildAgreement(f.owner, { agreement_number: 'FA-X' });
    const numbers = async (url: string) => {
      const r = await f.franchisee.get(url);
      expect(r.status).toBe(200);
      return (r.body.data as Array<{ agreement_number: string }>).map((a) => a.agreement_number);
    };
    expect(await numbers('/app/api/v1/agreements')).toEqual(['FA-N']);
    expect(await numbers(`/app/api/v1/agreements?filters[franchisee_id]=${f.theirs.id}`)).toEqual([]);
    expect(await numbers('/app/api/v1/agreements?search=FA-S')).toEqual([]);
    const own = await f.franchisee.get(`/app/api/v1/agreements/${mine.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data.franchisee).toEqual({ id: f.mine.id, name: 'North Franchise LLC' });
    expect(own.body.data.stores).toEqual([{ id: f.myStore.id, name: 'North Store' }]);
    const listed = await f.franchisee.get('/app/api/v1/agreements');
    expect(listed.body.data[0].stores).toEqual([{ id: f.myStore.id, name: 'North Store' }]);
    // The franchisor still sees every store listed on it.
    const full = await f.owner.get(`/app/api/v1/agreements/${mine.id}`);
    expect((full.body.data.stores as Array<{ name: string }>).map((s) => s.name)).toEqual([
      'Company Store',
      'North Store',
      'South Store',
    ]);
    expect(own.body.data.abilities).toEqual({ update: false, delete: false, restore: false });
    for (const id of [theirs.id, unassigned.id])
      expect((await f.franchisee.get(`/app/api/v1/agreements/${id}`)).status).toBe(404);
    expect(
      (await f.franchisee.patch(`/app/api/v1/agreements/${mine.id}`, { agreement_number: 'Mine' })).status,
    ).toBe(403);
    expect((await f.franchisee.delete(`/app/api/v1/agreements/${mine.id}`)).status).toBe(403);
    expect((await f.owner.get('/app/api/v1/agreements')).body.data).toHaveLength(3);
  });

  it('reads, completes and snoozes the reminders of their own records, never another franchisee’s or the team’s', async () => {
    const f = await franchiseTeam();
    const myLease = await buildLease(f.owner, { store_id: f.myStore.id, reference: 'N-1' });
    const theirLease = await buildLease(f.owner, { store_id: f.theirStore.id, reference: 'S-1' });
    const myAgreement = await buildAgreement(f.owner, {
      franchisee_id: f.mine.id,
      store_ids: [f.myStore.id],
    });
    const due = addDaysIso(todayIso(), 5);
    const remind = async (title: string, subject_type?: string, subject_id?: number) => {
      const r = await f.owner.post('/app/api/v1/reminders', {
        title,
        due_date: due,
        ...(subject_type ? { subject_type, subject_id } : {}),
        assignee_ids: [f.ownerId],
      });
      expect([title, r.status]).toEqual([title, 201]);
      return r.body.data as { id: number };
    };
    const mine = [
      await remind('My store', 'store', f.myStore.id),
      await remind('My lease', 'lease', myLease.id),
      await remind('My agreement', 'agreement', myAgreement.id),
      await remind('My company', 'company', f.mine.id),
    ];
    const foreign = [
      await remind('Their store', 'store', f.theirStore.id),
      await remind('Their lease', 'lease', theirLease.id),
      await remind('Their company', 'company', f.theirs.id),
      await remind('Team store', 'store', f.teamStore.id),
      await remind('Whole team'),
    ];
    const titles = async (url: string) => {
      const r = await f.franchisee.get(url);
      expect(r.status).toBe(200);
      return (r.body.data as Array<{ title: string }>).map((x) => x.title).sort();
    };
    expect(await titles('/app/api/v1/reminders')).toEqual([
      'My agreement',
      'My company',
      'My lease',
      'My store',
    ]);
    expect(await titles(`/app/api/v1/reminders?filters[store_id]=${f.theirStore.id}`)).toEqual([]);
    expect(
      await titles(`/app/api/v1/reminders?filters[subject_type]=lease&filters[subject_id]=${theirLease.id}`),
    ).toEqual([]);
    const counts = await f.franchisee.get('/app/api/v1/reminders/counts');
    expect(counts.body.data).toEqual({ overdue: 0, upcoming: 4, completed: 0 });
    // The franchisor's counts are the team's, not cached from the franchisee's.
    expect((await f.owner.get('/app/api/v1/reminders/counts')).body.data.upcoming).toBe(9);

    const one = await f.franchisee.get(`/app/api/v1/reminders/${mine[1]!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.subject).toEqual({ type: 'lease', id: myLease.id, name: 'North Store (N-1)' });
    // Who of the franchisor's team it is assigned to is not theirs to see.
    expect(one.body.data.assignees).toEqual([]);
    expect(one.body.data.abilities).toEqual({
      update: false,
      complete: true,
      snooze: true,
      delete: false,
      comment: false,
      mute: false,
    });
    for (const r of foreign) {
      const url = `/app/api/v1/reminders/${r.id}`;
      expect([url, (await f.franchisee.get(url)).status]).toEqual([url, 404]);
      expect([url, (await f.franchisee.patch(url, { read: true })).status]).toEqual([url, 404]);
    }
    // They complete and snooze their own; editing, commenting and bulk changes stay the franchisor's.
    const url = `/app/api/v1/reminders/${mine[0]!.id}`;
    const done = await f.franchisee.patch(url, { read: true });
    expect(done.status).toBe(200);
    expect(done.body.data.read_at).not.toBeNull();
    expect((await f.franchisee.patch(url, { snoozed_until: addDaysIso(todayIso(), 2) })).status).toBe(200);
    expect((await f.franchisee.patch(url, { title: 'Mine' })).status).toBe(403);
    expect((await f.franchisee.patch(url, { read: false, note: 'Done?' })).status).toBe(403);
    expect((await f.franchisee.post(`${url}/comments`, { body: 'Hi' })).status).toBe(403);
    expect((await f.franchisee.get(`${url}/comments`)).status).toBe(403);
    expect((await f.franchisee.delete(url)).status).toBe(403);
    expect(
      (await f.franchisee.post('/app/api/v1/reminders/bulk', { ids: [mine[1]!.id], read: true })).status,
    ).toBe(403);
    expect((await f.franchisee.post('/app/api/v1/reminders', { title: 'Mine', due_date: due })).status).toBe(
      403,
    );
    // The franchisor sees what the franchisee completed.
    expect((await f.owner.get(url)).body.data.read_at).not.toBeNull();
    // A missing sales report of their agreement is theirs to read; it closes when the report comes in, never by
    // their hand.
    const now = new Date().toISOString();
    const report = await ctx.db
      .insertInto('reminders')
      .values({
        team_id: f.team.id,
        subject_type: 'agreement',
        subject_id: myAgreement.id,
        source: 'sales_report',
        source_key: `sales_report:${myAgreement.id}:${f.myStore.id}:2026-01-01`,
        title: 'Sales report of North Store for January',
        due_date: due,
        visible_from: todayIso(),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reportUrl = `/app/api/v1/reminders/${report.id}`;
    const shown = await f.franchisee.get(reportUrl);
    expect(shown.status).toBe(200);
    expect([shown.body.data.abilities.complete, shown.body.data.abilities.snooze]).toEqual([false, false]);
    expect((await f.franchisee.patch(reportUrl, { read: true })).status).toBe(403);
  });

  it('is refused the team’s other pages and the whole-team streams with 403', async () => {
    const f = await franchiseTeam();
    for (const url of [
      '/app/api/v1/clauses',
      '/app/api/v1/companies',
      `/app/api/v1/companies/${f.mine.id}`,
      '/app/api/v1/contacts',
      '/app/api/v1/mutes',
      '/app/api/v1/dashboard',
      '/app/api/v1/sales/reports/royalties?from=2026-01-01&to=2026-12-31',
      '/app/api/v1/activities',
      `/app/api/v1/teams/${f.team.id}`,
      `/app/api/v1/teams/${f.team.id}/settings`,
    ])
      expect([url, (await f.franchisee.get(url)).status]).toEqual([url, 403]);
    expect((await f.franchisee.post('/app/api/v1/stores', { name: 'Mine too' })).status).toBe(403);
    // Search is theirs, narrowed to their own records (search/franchisee-search.test.ts): nothing of South's.
    const search = await f.franchisee.get('/app/api/v1/search?q=South');
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body.data)).not.toContain('South');
    // The team's private channel is not theirs to listen to.
    const channel = await f.franchisee.post('/app/broadcasting/auth', {
      socket_id: '1.1',
      channel_name: `private-team.${f.team.id}`,
    });
    expect(channel.status).toBe(403);
    // Their own settings stay theirs.
    expect((await f.franchisee.get('/app/api/v1/list-preferences')).status).toBe(200);
    expect((await f.franchisee.get('/app/api/users/auth')).status).toBe(200);
  });

  it('is never sent the team’s own reminder notices (reminders/franchisee-notices.test.ts: their own), nor assigned a reminder', async () => {
    const { user, team } = await buildUser(ctx);
    const owner = await signIn(ctx, user.email);
    const north = await buildCompany(owner, { name: 'North', kind: 'franchisee' });
    const member = await buildMember(ctx, team.id, 'manager');
    const url = `/app/api/v1/teams/${team.id}/members/${member.id}`;
    expect((await owner.patch(url, { role: 'manager', company_ids: [north.id] })).status).toBe(200);

    // A date about the team itself goes to its managers, never to one limited to companies.
    const due = addDaysIso(todayIso(), 3);
    await owner.post('/app/api/v1/reminders', { title: 'Whole-team deadline', due_date: due });
    await deliverReminderNotices(ctx.app.deps, todayIso());
    expect((await mailTo(ctx, user.email)).some((m) => m.text.includes('Whole-team deadline'))).toBe(true);
    expect(await mailTo(ctx, member.email)).toEqual([]);

    const f = await franchiseTeam();
    const assigned = await f.owner.post('/app/api/v1/reminders', {
      title: 'Renew',
      due_date: '2031-01-15',
      assignee_ids: [f.member.id],
    });
    expect(assigned.status).toBe(422);
    expect(assigned.body.errors.assignee_ids).toBeDefined();
  });
});

describe('setting a member’s companies', () => {
  it('takes live franchisee companies of the team only, never for an admin, and shows when each last reported', async () => {
    const f = await franchiseTeam();
    const url = `/app/api/v1/teams/${f.team.id}/members/${f.member.id}`;
    const landlord = await buildCompany(f.owner, { name: 'Landlord Inc', kind: 'landlord' });
    const stranger = await buildUser(ctx);
    const foreign = await buildCompany(await signIn(ctx, stranger.user.email), { kind: 'franchisee' });
    for (const [body, field] of [
      [{ role: 'manager', company_ids: [landlord.id] }, 'company_ids'],
      [{ role: 'manager', company_ids: [foreign.id] }, 'company_ids'],
      [{ role: 'manager', company_ids: [] }, 'company_ids'],
      [{ role: 'admin', company_ids: [f.mine.id] }, 'company_ids'],
      // Promoting a limited member to admin without lifting the limit is refused too.
      [{ role: 'admin' }, 'company_ids'],
    ] as const) {
      const response = await f.owner.patch(url, body);
      expect([JSON.stringify(body), response.status, Object.keys(response.body.errors ?? {})]).toEqual([
        JSON.stringify(body),
        422,
        [field],
      ]);
    }

    await f.franchisee.post('/app/api/v1/sales', {
      store_id: f.myStore.id,
      period: 'month',
      period_start: '2026-02-01',
      gross: 100,
    });
    const page = await f.owner.get(`/app/api/v1/teams/${f.team.id}`);
    const member = page.body.data.members.find((m: { id: number }) => m.id === f.member.id);
    expect(member.companies).toEqual([
      { id: f.mine.id, name: 'North Franchise LLC', last_reported_at: expect.any(String) },
    ]);
    const owner = page.body.data.members.find((m: { is_owner: boolean }) => m.is_owner);
    expect(owner.companies).toBeNull();

    // Lifting the limit gives the whole team back at once (the auth cache hears of the change).
    expect((await f.owner.patch(url, { role: 'manager', company_ids: null })).status).toBe(200);
    expect((await f.franchisee.get('/app/api/v1/leases')).status).toBe(200);
    expect((await names(f.franchisee, '/app/api/v1/stores')).length).toBe(3);
  });

  it('carries an invitation’s companies into the membership it makes', async () => {
    const f = await franchiseTeam();
    const invitee = await buildUser(ctx);
    const invited = await f.owner.post(`/app/api/v1/teams/${f.team.id}/invitations`, {
      email: invitee.user.email,
      role: 'manager',
      company_ids: [f.theirs.id],
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data.company_ids).toEqual([f.theirs.id]);
    const refused = await f.owner.post(`/app/api/v1/teams/${f.team.id}/invitations`, {
      email: 'admin-franchisee@example.test',
      role: 'admin',
      company_ids: [f.theirs.id],
    });
    expect(refused.status).toBe(422);

    const client = await signIn(ctx, invitee.user.email);
    expect((await client.post(`/app/api/v1/team-invitations/${invited.body.data.id}/accept`)).status).toBe(
      200,
    );
    expect(await names(client, '/app/api/v1/stores')).toEqual(['South Store']);
    expect((await client.get('/app/api/v1/companies')).status).toBe(403);
  });
});
