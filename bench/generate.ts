/**
 * The benchmark data set: one big team (100k stores, 100k contacts, 20k companies, 2k brands) and 20
 * small teams of noise, written with multi-row inserts inside transactions (not through the HTTP API),
 * with the search index filled from the app's own record definitions and normalisation.
 *
 * SQLite: cached as .tmp/bench/storekeep-bench-v<GENERATOR_VERSION>.sqlite, reused while the version holds.
 * PostgreSQL: the database `storekeep_bench` on the server of BENCH_DATABASE_URL, reused while its
 * comment names the same version, otherwise dropped and created again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { trailingTwelveMonths } from '@storekeep/contracts';
import { openDatabase, type DatabaseHandle, type Executor } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { searchIndexRow, searchTermRows } from '../apps/server/src/platform/search';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { createPersonalTeam } from '../apps/server/src/modules/teams/service';
import { insertUser, updateUser } from '../apps/server/src/modules/users/repository';
import { addMember } from '../apps/server/src/modules/teams/repository';
import { recordDefinitions } from '../apps/server/src/modules/records/registry';
import type { LoadedRow } from '../apps/server/src/modules/records/definition';
import { DOCUMENT_COUNT, fillDocuments } from './documents';
import {
  BRAND_ADJECTIVES,
  BRAND_NOUNS,
  CITIES,
  COMPANY_SUFFIXES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  LEGAL_SUFFIXES,
  LOCATIONS,
  RARE_WORD,
  STREETS,
} from './words';

/** Bump when the shape or size of the data changes: cached data sets of other versions are not reused. */
export const GENERATOR_VERSION = 6;
export const BENCH_DATABASE = 'storekeep_bench';
export const PASSWORD = 'bench-password-2025';
export const OWNER_EMAIL = 'owner@bench.storekeep.test';
/** A franchisee's member of the big team (a manager limited to FRANCHISEE_COMPANIES of its companies). */
export const FRANCHISEE_EMAIL = 'franchisee@bench.storekeep.test';
const FRANCHISEE_COMPANIES = 10;

const BIG = { companies: 20_000, brands: 2_000, contacts: 100_000, stores: 100_000 };
const NOISE = { companies: 300, brands: 40, contacts: 2_000, stores: 2_000 };
const NOISE_TEAMS = 20;
/** Soft-deleted rows on top of the live counts (about 1%), as a real team's trash has. */
const DELETED_SHARE = 0.01;
/** 500 rows × ≤ 25 columns stays under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const BATCH = 500;

export type Dataset = {
  dialect: 'sqlite' | 'postgres';
  databaseUrl: string;
  email: string;
  password: string;
  /** Counts of the big team's live rows. */
  counts: typeof BIG & { documents: number };
  generatedNow: boolean;
  seconds: number;
};

const root = path.resolve(import.meta.dirname, '..');

export async function ensureDataset(log: (line: string) => void): Promise<Dataset> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const force = process.env.BENCH_REGENERATE === '1';
  const started = performance.now();
  const result = (databaseUrl: string, generatedNow: boolean): Dataset => ({
    dialect: pgUrl ? 'postgres' : 'sqlite',
    databaseUrl,
    email: OWNER_EMAIL,
    password: PASSWORD,
    counts: { ...BIG, documents: DOCUMENT_COUNT },
    generatedNow,
    seconds: (performance.now() - started) / 1000,
  });

  if (!pgUrl) {
    const dir = path.join(root, '.tmp', 'bench');
    const file = path.join(dir, `storekeep-bench-v${GENERATOR_VERSION}-d${DOCUMENT_COUNT}.sqlite`);
    if (fs.existsSync(file) && !force) return result(`sqlite:${file}`, false);
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${file}.partial`;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(partial + suffix, { force: true });
    const handle = openDatabase(`sqlite:${partial}`);
    await sql`pragma synchronous = off`.execute(handle.db);
    await fill(handle, log);
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    await handle.close();
    for (const suffix of ['-wal', '-shm']) fs.rmSync(partial + suffix, { force: true });
    fs.renameSync(partial, file);
    return result(`sqlite:${file}`, true);
  }

  if (!/^postgres(ql)?:\/\//.test(pgUrl))
    throw new Error('BENCH_DATABASE_URL must start with postgres:// or postgresql://');
  const benchUrl = withDatabase(pgUrl, BENCH_DATABASE);
  const adminUrl =
    new URL(pgUrl).pathname.replace(/^\//, '') === BENCH_DATABASE ? withDatabase(pgUrl, 'postgres') : pgUrl;
  const marker = `storekeep-bench v${GENERATOR_VERSION} documents ${DOCUMENT_COUNT} complete`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [BENCH_DATABASE],
    );
    if (found.rows[0]?.comment === marker && !force) return result(benchUrl, false);
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const handle = openDatabase(benchUrl, { poolSize: 2 });
  try {
    await fill(handle, log);
    await finishPostgresLoad(handle);
    await sql.raw(`comment on database ${BENCH_DATABASE} is '${marker}'`).execute(handle.db);
  } finally {
    await handle.close();
  }
  return result(benchUrl, true);
}

/**
 * After a bulk load on PostgreSQL: explicit ids were inserted, so move the identity sequences past them,
 * then give the planner statistics (what autovacuum would do shortly after a bulk load).
 */
export async function finishPostgresLoad(handle: DatabaseHandle) {
  for (const table of ['companies', 'brands', 'contacts', 'stores']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      handle.db,
    );
  }
  await sql`vacuum analyze`.execute(handle.db);
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

// ---------- deterministic randomness ----------

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
const phone = (rng: Rng) =>
  `+1 ${int(rng, 201, 989)}-${int(rng, 200, 999)}-${String(int(rng, 0, 9999)).padStart(4, '0')}`;
const DAY = 86_400_000;
const EPOCH = Date.parse('2025-06-01T00:00:00Z');
/** The window the occupancy figures are for: the trailing twelve months before this month (UTC). */
const OCCUPANCY_PERIOD = trailingTwelveMonths(new Date().toISOString().slice(0, 10)).months.at(-1)!;
/** A timestamp in the three years before the data set's fixed "now". */
const pastIso = (rng: Rng) => new Date(EPOCH - Math.floor(rng() * 3 * 365 * DAY)).toISOString();
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// ---------- filling ----------

type Ids = { company: number; brand: number; contact: number; store: number };
export type Row = Record<string, string | number | null>;

export type TeamSize = typeof BIG;

/**
 * The records of the data set, every count multiplied by `scale` (the load benchmark's smaller set; 1 is
 * the full one). Ids are explicit: on PostgreSQL the caller moves the sequences past them afterwards.
 */
export async function fillRecords(handle: DatabaseHandle, scale: number, log: (line: string) => void) {
  const sized = (size: TeamSize): TeamSize => ({
    companies: Math.max(1, Math.round(size.companies * scale)),
    brands: Math.max(1, Math.round(size.brands * scale)),
    contacts: Math.max(1, Math.round(size.contacts * scale)),
    stores: Math.max(1, Math.round(size.stores * scale)),
  });
  return fillTeams(handle, sized(BIG), sized(NOISE), log);
}

/**
 * The whole data set at `scale` of the full one (records and `documents` documents) into an empty
 * database: the wrk benchmark's own, sized by its --size option.
 */
export async function fillScaled(
  handle: DatabaseHandle,
  scale: number,
  documents: number,
  log: (line: string) => void,
) {
  const owner = await fillRecords(handle, scale, log);
  const seconds = await fillDocuments(handle, owner.teamId, owner.userId, mulberry32(4242), log, documents);
  log(`  ${documents.toLocaleString('en')} documents in ${seconds.toFixed(1)} s`);
}

async function fill(handle: DatabaseHandle, log: (line: string) => void) {
  const owner = await fillTeams(handle, BIG, NOISE, log);
  const seconds = await fillDocuments(handle, owner.teamId, owner.userId, mulberry32(4242), log);
  log(`  ${DOCUMENT_COUNT.toLocaleString('en')} documents in ${seconds.toFixed(1)} s`);
}

async function fillTeams(
  handle: DatabaseHandle,
  bigSize: TeamSize,
  noiseSize: TeamSize,
  log: (line: string) => void,
) {
  await migrateToLatest(handle);
  let owner = { teamId: 0, userId: 0 };
  const passwordHash = await hashPassword(PASSWORD);
  const next: Ids = { company: 0, brand: 0, contact: 0, store: 0 };
  for (let t = 0; t <= NOISE_TEAMS; t++) {
    const big = t === 0;
    const started = performance.now();
    const now = new Date(EPOCH).toISOString();
    const teamId = await handle.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        name: big ? 'Bench Owner' : `Noise Owner ${t}`,
        email: big ? OWNER_EMAIL : `owner-${t}@bench.storekeep.test`,
        passwordHash,
        now,
        verifiedAt: now,
      });
      const id = (await createPersonalTeam(trx, user, now)).id;
      if (big) owner = { teamId: id, userId: user.id };
      return id;
    });
    await fillTeam(handle, teamId, big ? bigSize : noiseSize, next, mulberry32(1000 + t));
    if (big) await addFranchisee(handle, teamId, passwordHash, now);
    if (big || t === NOISE_TEAMS)
      log(
        `  team ${teamId}${big ? ' (big)' : ` (noise ${t}/${NOISE_TEAMS})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
  }
  return owner;
}

/**
 * The big team's franchisee: its first live companies become franchisees (stores pick their operating company at
 * random, so about five stores each), and a manager is limited to them, as an invitation with companies makes.
 */
async function addFranchisee(handle: DatabaseHandle, teamId: number, passwordHash: string, now: string) {
  await handle.db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom('companies')
        .select('id')
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(FRANCHISEE_COMPANIES)
        .execute()
    ).map((row) => Number(row.id));
    await trx
      .updateTable('companies')
      .set({ kind: 'franchisee' })
      .where('team_id', '=', teamId)
      .where('id', 'in', ids)
      .execute();
    const user = await insertUser(trx, {
      name: 'Bench Franchisee',
      email: FRANCHISEE_EMAIL,
      passwordHash,
      now,
      verifiedAt: now,
    });
    await addMember(trx, teamId, user.id, 'manager', now, ids);
    await updateUser(trx, user.id, { current_team_id: teamId }, now);
  });
}

async function fillTeam(handle: DatabaseHandle, teamId: number, size: TeamSize, next: Ids, rng: Rng) {
  const withDeleted = (n: number) => n + Math.round(n * DELETED_SHARE);
  const deletedAt = (i: number, live: number) =>
    i >= live ? new Date(EPOCH - int(rng, 1, 20) * DAY).toISOString() : null;
  const search: Row[] = [];
  const index = (type: 'companies' | 'brands' | 'stores' | 'contacts', row: Row) => {
    if (row.deleted_at) return;
    const entry = recordDefinitions[type].searchEntry(row as unknown as LoadedRow);
    search.push(searchIndexRow({ teamId, type, id: Number(row.id), ...entry }));
  };

  // Companies: operators, landlords, vendors.
  const companies: Row[] = [];
  const companyNames: string[] = [];
  for (let i = 0; i < withDeleted(size.companies); i++) {
    const place = pick(rng, CITIES);
    const owner = pick(rng, LAST_NAMES);
    const name = `${owner} ${pick(rng, COMPANY_SUFFIXES)}${i % 7 === 0 ? ` ${place.city}` : ''}`;
    const created = pastIso(rng);
    const kind = pick(rng, [
      'franchisee',
      'franchisee',
      'franchisee',
      'landlord',
      'landlord',
      'vendor',
      'franchisor',
      'other',
    ] as const);
    const row: Row = {
      id: ++next.company,
      team_id: teamId,
      name,
      legal_name: `${name} ${pick(rng, LEGAL_SUFFIXES)}`,
      kind,
      tax_id: `${int(rng, 10, 99)}-${int(rng, 1000000, 9999999)}`,
      email: `info@${slug(owner)}${next.company}.example.com`,
      phone: phone(rng),
      website: `https://${slug(owner)}${next.company}.example.com`,
      address_line1: `${int(rng, 1, 9999)} ${pick(rng, STREETS)}`,
      address_line2: rng() < 0.2 ? `Suite ${int(rng, 100, 999)}` : null,
      city: place.city,
      region: place.region,
      postal_code: String(place.zip + int(rng, 0, 40)).padStart(5, '0'),
      country: 'US',
      description:
        rng() < 0.3 ? `${kind === 'landlord' ? 'Landlord' : 'Operator'} based in ${place.city}.` : null,
      image_key: null,
      created_at: created,
      updated_at: created,
      deleted_at: deletedAt(i, size.companies),
    };
    companies.push(row);
    companyNames.push(name);
    index('companies', row);
  }
  const firstCompany = next.company - companies.length + 1;
  const companyId = () => firstCompany + Math.floor(rng() * size.companies);
  const companyName = (id: number) => companyNames[id - firstCompany] ?? null;

  // Brands: one in two is a "… Market", so that word matches about half the stores.
  const brands: Row[] = [];
  const brandNames: string[] = [];
  for (let i = 0; i < withDeleted(size.brands); i++) {
    const noun = i % 2 === 0 ? 'Market' : pick(rng, BRAND_NOUNS);
    const name = `${pick(rng, BRAND_ADJECTIVES)} ${noun}${i >= BRAND_ADJECTIVES.length * 2 ? ` ${Math.floor(i / (BRAND_ADJECTIVES.length * 2)) + 1}` : ''}`;
    const owner = companyId();
    const created = pastIso(rng);
    const row: Row = {
      id: ++next.brand,
      team_id: teamId,
      company_id: owner,
      name,
      description: rng() < 0.5 ? `${noun} concept` : null,
      website: `https://${slug(name)}.example.com`,
      image_key: null,
      created_at: created,
      updated_at: created,
      deleted_at: deletedAt(i, size.brands),
    };
    brands.push(row);
    brandNames.push(name);
    index('brands', { ...row, company_name: companyName(owner) });
  }
  const firstBrand = next.brand - brands.length + 1;
  const brandId = () => firstBrand + Math.floor(rng() * size.brands);

  // Contacts: people at the companies; a handful carry the rare surname.
  const contacts: Row[] = [];
  for (let i = 0; i < withDeleted(size.contacts); i++) {
    const first = pick(rng, FIRST_NAMES);
    const last = i % 25_000 === 7 ? RARE_WORD : pick(rng, LAST_NAMES);
    const place = pick(rng, CITIES);
    const company = rng() < 0.85 ? companyId() : null;
    const created = pastIso(rng);
    const row: Row = {
      id: ++next.contact,
      team_id: teamId,
      first_name: first,
      last_name: last,
      company_id: company,
      job_title: pick(rng, JOB_TITLES),
      email: `${slug(first)}.${slug(last)}${next.contact}@example.com`,
      phone: phone(rng),
      mobile: rng() < 0.6 ? phone(rng) : null,
      address_line1: rng() < 0.5 ? `${int(rng, 1, 9999)} ${pick(rng, STREETS)}` : null,
      address_line2: null,
      city: place.city,
      region: place.region,
      postal_code: String(place.zip + int(rng, 0, 40)).padStart(5, '0'),
      country: 'US',
      notes: null,
      image_key: null,
      created_at: created,
      updated_at: created,
      deleted_at: deletedAt(i, size.contacts),
    };
    contacts.push(row);
    index('contacts', { ...row, company_name: company === null ? null : companyName(company) });
  }
  const firstContact = next.contact - contacts.length + 1;

  // Stores: "<brand> <place>", unique store numbers, mostly open.
  const stores: Row[] = [];
  for (let i = 0; i < withDeleted(size.stores); i++) {
    const place = pick(rng, CITIES);
    const brand = brandId();
    const brandName = brandNames[brand - firstBrand]!;
    const status = pick(rng, [
      'open',
      'open',
      'open',
      'open',
      'open',
      'open',
      'open',
      'planned',
      'in_development',
      'temporarily_closed',
      'closed',
      'closed',
    ] as const);
    const opened = EPOCH - int(rng, -180, 20 * 365) * DAY;
    const created = pastIso(rng);
    const company = companyId();
    const row: Row = {
      id: ++next.store,
      team_id: teamId,
      name: `${brandName} ${i % 25_000 === 11 ? RARE_WORD : rng() < 0.5 ? place.city : `${place.city} ${pick(rng, LOCATIONS)}`}`,
      store_number: `S${String(i + 1).padStart(6, '0')}`,
      brand_id: brand,
      company_id: company,
      status,
      opening_date: status === 'planned' ? null : dateOnly(opened),
      closing_date: status === 'closed' ? dateOnly(opened + int(rng, 200, 3000) * DAY) : null,
      address_line1: `${int(rng, 1, 9999)} ${pick(rng, STREETS)}`,
      address_line2: rng() < 0.3 ? `Unit ${int(rng, 1, 300)}` : null,
      city: place.city,
      region: place.region,
      postal_code: String(place.zip + int(rng, 0, 40)).padStart(5, '0'),
      country: 'US',
      latitude: Math.round((place.lat + (rng() - 0.5) * 0.3) * 1e5) / 1e5,
      longitude: Math.round((place.lng + (rng() - 0.5) * 0.3) * 1e5) / 1e5,
      phone: phone(rng),
      email: `store${i + 1}@${slug(brandName)}.example.com`,
      square_feet: int(rng, 800, 12_000),
      manager_id: rng() < 0.7 ? firstContact + Math.floor(rng() * size.contacts) : null,
      image_key: null,
      created_at: created,
      updated_at: created,
      deleted_at: deletedAt(i, size.stores),
      // The occupancy ratio as modules/occupancy keeps it for this month's window (so the server's refresh finds
      // nothing to recompute): 3 % to 18 % spread by the store's index (not the generator's random stream, which
      // the rest of the data set follows), none for one in twenty (a month without sales).
      occupancy_ratio: i % 20 === 7 ? null : 0.03 + ((i * 7919) % 15_000) / 100_000,
      occupancy_period: OCCUPANCY_PERIOD,
      occupancy_missing: i % 20 === 7 ? 1 : 0,
    };
    stores.push(row);
    index('stores', { ...row, brand_name: brandName });
  }

  await handle.db.transaction().execute(async (trx) => {
    await insertAll(trx, 'companies', companies);
    await insertAll(trx, 'brands', brands);
    await insertAll(trx, 'contacts', contacts);
    await insertAll(trx, 'stores', stores);
    await insertAll(trx, 'search_index', search);
    // PostgreSQL keeps a word btree beside the GIN index (migration 0008), filled as the app fills it.
    if (handle.dialect === 'postgres')
      await insertAll(
        trx,
        'search_terms',
        search.flatMap((row) => searchTermRows(row as never)),
      );
  });
}

export async function insertAll(trx: Executor, table: string, rows: Row[]) {
  // The table is chosen at run time; the typed builder cannot follow it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = trx as unknown as Kysely<any>;
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
}
