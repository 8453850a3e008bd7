import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildLease,
  buildStore,
  teamWithRoles,
  uploadDocument,
} from '../../../test/factories';
import { observeQueries } from '../../platform/db';
import { heardEveryBump, teamWriteVersion } from '../../platform/team-cache';
import { addDaysIso, todayIso } from './dates';

const ctx = useTestApp();

/**
 * Which request a statement belongs to: the requests go through app.inject, so the handler's statements run in
 * the async context the test opens around its own request, and a background timer's statements (reminder
 * counts refreshed after an earlier write, the scheduler) in none.
 */
const requestOf = new AsyncLocalStorage<symbol>();

/**
 * On PostgreSQL a team's write version is kept in the process once read, until a bump is heard (team-cache.ts):
 * whether a page finds it kept depends on what ran since the last write. Read here, after every bump is heard,
 * each page finds it kept, and pages compare statement for statement.
 */
async function keptTeamVersion(teamId: number) {
  await heardEveryBump(ctx.app.deps.db);
  await teamWriteVersion(ctx.app.deps.db, teamId);
}

/** The statements of one GET and its answer, once the team's background jobs are done. */
async function statementsOf(client: TestClient, teamId: number, url: string) {
  // A write's background jobs (reminders, search index) would otherwise be counted with the page.
  await ctx.app.deps.jobs.drain();
  await keptTeamVersion(teamId);
  const statements: string[] = [];
  const page = Symbol(url);
  const stop = observeQueries(ctx.app.deps.db, (query) => {
    if (requestOf.getStore() === page) statements.push(query.sql);
  });
  const response = await requestOf.run(page, () => client.get(url)).finally(stop);
  expect(response.status).toBe(200);
  return { statements, response };
}

/** The statements one list page runs (the kept-body cache is passed by a write before each read). */
async function statementsOfPage(client: TestClient, teamId: number, url: string) {
  await buildStore(client);
  const { statements, response } = await statementsOf(client, teamId, url);
  // The page's own statements are seen (the session, the list, its child rows), or the bounds below prove nothing.
  expect(statements.length).toBeGreaterThan(3);
  return { statements, rows: response.body.data.length as number };
}

/**
 * On SQLite, how each statement of the page reaches its rows (EXPLAIN QUERY PLAN, every parameter 1: the
 * planner has no statistics that would make the values matter). A plan that walks the team's index reads
 * every row the team has in that table, whatever the page size.
 */
const onSqlite = () => ctx.databaseUrl.startsWith('sqlite:');

async function sqlitePlans(statements: string[]) {
  const plans: string[] = [];
  for (const statement of statements.filter((s) => /^select/i.test(s.trim()))) {
    const params = Array.from({ length: (statement.match(/\?/g) ?? []).length }, () => 1);
    const { rows } = await ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement}`, params),
    );
    plans.push(...rows.map((row) => row.detail));
  }
  return plans;
}

function richLease(storeId: number, i: number) {
  const today = todayIso();
  return {
    store_id: storeId,
    reference: `L-${i}`,
    status: 'active',
    commencement_date: addDaysIso(today, -3650),
    expiration_date: addDaysIso(today, 300 + i),
    rent_schedule: [
      { start_date: addDaysIso(today, -3650), end_date: addDaysIso(today, -1), monthly_amount: 9000 },
      { start_date: today, end_date: addDaysIso(today, 300 + i), monthly_amount: 10000 },
    ],
    charges: [{ kind: 'cam', monthly_amount: 500, estimated: true }],
    options: [
      { kind: 'renewal', count: 2, length_months: 60, notice_days: 180, notice_from: 'expiration' },
      { kind: 'renewal', count: 1, length_months: 12, notice_days: 90, notice_from: 'expiration' },
    ],
    clauses: [{ kind: 'co_tenancy', text: 'Rent abates while the anchor is dark.' }],
  };
}

describe('list pages read a bounded number of statements', () => {
  it('reads the team’s attributes once for a documents page (the query and the page share them)', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    await uploadDocument(admin);
    const page = await statementsOfPage(admin, team.id, `${API_BASE}/documents`);
    expect(page.rows).toBe(1);
    expect(page.statements.filter((s) => /from "attribute_definitions"/.test(s))).toHaveLength(1);
  });

  it('reads a page of leases with their rent, charges, options and clauses in as many statements for 2 rows as for 8', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    for (let i = 0; i < 2; i++) await buildLease(admin, richLease((await buildStore(admin)).id, i));
    const few = await statementsOfPage(admin, team.id, `${API_BASE}/leases`);
    for (let i = 2; i < 8; i++) await buildLease(admin, richLease((await buildStore(admin)).id, i));
    const more = await statementsOfPage(admin, team.id, `${API_BASE}/leases`);
    expect([few.rows, more.rows]).toEqual([2, 8]);
    // Six more rows: a read per row would add six statements.
    expect(more.statements.length).toBeLessThanOrEqual(few.statements.length);
    expect(more.statements.length).toBeLessThanOrEqual(15);
    // The team's attributes, read for the query's `attr.` sorts and filters, serve the page's rows too.
    expect(more.statements.filter((s) => /from "attribute_definitions"/.test(s))).toHaveLength(1);
    // PostgreSQL's planner has statistics; SQLite's, without them, preferred the team's index.
    if (!onSqlite()) return;
    const plans = await sqlitePlans(more.statements);
    for (const table of ['lease_rent_rows', 'lease_charges', 'lease_options'])
      expect(plans.filter((plan) => plan.includes(` ${table} `))).toEqual([
        expect.stringMatching(
          new RegExp(`^SEARCH ${table} USING INDEX ${table}_lease_index \\(lease_id=\\?`),
        ),
      ]);
  });

  it('reads a page of agreements with their stores and clauses in as many statements for 2 rows as for 8', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const agreement = async () => {
      const store = await buildStore(admin);
      await buildAgreement(admin, {
        store_ids: [store.id],
        clauses: [{ kind: 'grant_territory', text: 'Territory excludes airports.' }],
      });
    };
    for (let i = 0; i < 2; i++) await agreement();
    const few = await statementsOfPage(admin, team.id, `${API_BASE}/agreements`);
    for (let i = 2; i < 8; i++) await agreement();
    const more = await statementsOfPage(admin, team.id, `${API_BASE}/agreements`);
    expect([few.rows, more.rows]).toEqual([2, 8]);
    // Six more rows: a read per row would add six statements.
    expect(more.statements.length).toBeLessThanOrEqual(few.statements.length);
    expect(more.statements.length).toBeLessThanOrEqual(12);
    // The team's attributes, read for the query's `attr.` sorts and filters, serve the page's rows too.
    expect(more.statements.filter((s) => /from "attribute_definitions"/.test(s))).toHaveLength(1);
    if (!onSqlite()) return;
    const plans = await sqlitePlans(more.statements);
    expect(plans.filter((plan) => / (agreement_stores|a) USING INDEX .*\(team_id=\?\)$/.test(plan))).toEqual(
      [],
    );
    expect(plans).toContainEqual(
      expect.stringMatching(/^SEARCH agreement_stores USING .*\(agreement_id=\?\)/),
    );
  });
});

describe('what a list page reads of the team is kept until the team writes', () => {
  it('reads the attribute definitions and the calendar for the first page only, and the new ones after a change', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    for (let i = 0; i < 3; i++) await buildLease(admin, richLease((await buildStore(admin)).id, i));
    const teamReads = async (url: string) => {
      const { statements, response } = await statementsOf(admin, team.id, url);
      const reads = statements.filter((s) =>
        /from "(attribute_definitions|team_settings|team_holidays)"/.test(s),
      );
      return { reads, rows: response.body.data as Array<{ attributes: Record<string, unknown> }> };
    };
    expect((await teamReads(`${API_BASE}/leases?per_page=1&page=1`)).reads.length).toBeGreaterThan(0);
    // Another page (not the kept answer of the same address), nothing written since.
    expect((await teamReads(`${API_BASE}/leases?per_page=1&page=2`)).reads).toEqual([]);

    const created = await admin.post(`${API_BASE}/attributes`, {
      subject_type: 'leases',
      label: 'Strategy',
      type: 'text',
    });
    expect(created.status).toBe(201);
    const after = await teamReads(`${API_BASE}/leases?per_page=1&page=3`);
    expect(after.reads.length).toBeGreaterThan(0);
    expect(Object.keys(after.rows[0]!.attributes)).toEqual(['strategy']);

    // A calendar change is read at once too: the settings answer shows the new zone.
    const zone = await admin.patch(`${API_BASE}/teams/${team.id}/settings`, { time_zone: 'Asia/Tokyo' });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    expect((await admin.get(`${API_BASE}/teams/${team.id}/settings`)).body.data.time_zone).toBe('Asia/Tokyo');
  });
});
