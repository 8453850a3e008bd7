import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { sweepOrphanBlobs } from './blobs';
import { PENDING_IMPORT } from '../modules/records/pending';
import { buildUser, multipartBody, signIn } from '../../test/factories';
import { killServers, startServer as startProcess, type ServerProcess } from '../../test/server-process';

/**
 * Crash safety: the real server (the build `npm start` and the image run) is killed with SIGKILL
 * in the middle of a big import, a burst of document uploads, a burst of creates and edits, and a client
 * building on the newest imported stores it can find (a note, a lease, a rename), then started again on the
 * same data. Whatever got a 2xx must be there with its data and its audit entry; nothing may be
 * half-written or orphaned; the import's rows were never visible, and the restart rolls it back at once.
 */
const ctx = useTestApp();
afterAll(killServers);

async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Starts the server on the test file's database and data directory, and waits until /readyz answers. A
 * restart passes the port it ran on: the same instance (host and port) comes back.
 */
function startServer(port?: number): Promise<ServerProcess> {
  return startProcess({
    entry: 'main.js',
    dataDir: ctx.dataDir,
    env: { DATABASE_URL: ctx.databaseUrl },
    ...(port === undefined ? {} : { port }),
  });
}

/** A bearer-token API client for one server (no cookies or CSRF needed). */
function apiOf(server: ServerProcess, token: string) {
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers },
    };
    if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(`${server.base}/app/api/v1${url}`, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/** What a request ended as: its status, or `lost` when the connection died with the server. */
type Outcome = { status: number | 'lost' };
const ok = ({ outcome }: { outcome: Outcome }) =>
  typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 300;

/**
 * SQLite's own checks, on a connection opened for the purpose: a connection held open since before the
 * server rewrote the full-text index keeps FTS5 state of its own and reports a "malformed inverted index"
 * that a fresh connection (and the server) do not see. PostgreSQL is checked by the queries in the test.
 */
function sqliteIntegrity() {
  if (!ctx.databaseUrl.startsWith('sqlite:')) return { integrity: ['ok'], foreignKeys: [] };
  const connection = new DatabaseSync(ctx.databaseUrl.slice('sqlite:'.length));
  try {
    return {
      integrity: connection
        .prepare('pragma integrity_check')
        .all()
        .map((row) => row.integrity_check),
      foreignKeys: connection.prepare('pragma foreign_key_check').all(),
    };
  } finally {
    connection.close();
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('crash safety', () => {
  it('keeps every acknowledged write and nothing half-written when the server is SIGKILLed mid-import, mid-upload and mid-edit', async () => {
    const { user, team } = await buildUser(ctx);
    const session = await signIn(ctx, user.email);
    const token = (await session.post('/app/api/v1/tokens', { name: 'crash test', abilities: 'read-write' }))
      .body.data.plain_text_token as string;

    let server = await startServer();
    let api = apiOf(server, token);

    // Records the edit burst works on, made before anything is killed.
    const edited: Array<{ id: number; acked: string | null; inFlight: string | null }> = [];
    for (let i = 0; i < 6; i++) {
      const created = await api('POST', '/stores', { name: `Edit ${i} v0`, store_number: `E${i}` });
      expect(created.status).toBe(201);
      edited.push({ id: created.body.data.id, acked: `Edit ${i} v0`, inFlight: null });
    }

    // The big import: uploaded and started; killed once some of its batches committed (3 of 30 on SQLite, 1 of 6 on
    // PostgreSQL). Every row is checked before the first is written, so a bigger file only makes the wait longer.
    const rows = 3_000;
    const csv = `Store number,Name\n${Array.from({ length: rows }, (_, i) => `I${i},Imported ${i}`).join('\n')}`;
    const form = multipartBody({ type: 'stores' }, [
      { field: 'file', name: 'big.csv', content: Buffer.from(csv) },
    ]);
    const uploaded = await api('POST', '/imports', form.body, form.headers);
    expect(uploaded.status).toBe(201);
    const importId = uploaded.body.data.id as number;

    let killed = false;
    const creates: Array<{ name: string; outcome: Outcome; id?: number }> = [];
    const uploads: Array<{ title: string; bytes: Buffer; outcome: Outcome; id?: number }> = [];
    const attempt = async <T extends { outcome: Outcome }>(
      entry: T,
      run: () => Promise<{ status: number; body: { data?: { id: number } } | null }>,
    ) => {
      try {
        const response = await run();
        entry.outcome = { status: response.status };
        return response;
      } catch {
        entry.outcome = { status: 'lost' };
        return undefined;
      }
    };
    const editLoop = async (slot: number) => {
      for (let version = 1; !killed; version++) {
        const record = edited[slot]!;
        const name = `Edit ${slot} v${version}`;
        record.inFlight = name;
        const response = await attempt({ outcome: { status: 'lost' } as Outcome }, () =>
          api('PATCH', `/stores/${record.id}`, { name }),
        );
        if (response?.status === 200) record.acked = name;
        if (!response) return;
        record.inFlight = null;
      }
    };
    // Leases, each written with its rent rows, charges, options, clauses and critical-date reminders.
    const home = await api('POST', '/stores', { name: 'Lease home' });
    const landlord = await api('POST', '/companies', { name: 'Crash Realty', kind: 'landlord' });
    expect([home.status, landlord.status]).toEqual([201, 201]);
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const leaseBody = (reference: string) => ({
      store_id: home.body.data.id,
      landlord_id: landlord.body.data.id,
      reference,
      status: 'active',
      type: 'nnn',
      commencement_date: inDays(-3650),
      expiration_date: inDays(200),
      rent_schedule: [
        { start_date: inDays(-3650), end_date: inDays(-1), monthly_amount: 9000 },
        { start_date: today, end_date: inDays(200), monthly_amount: 10000 },
      ],
      charges: [{ kind: 'cam', monthly_amount: 500, estimated: true }],
      options: [
        { kind: 'renewal', count: 2, length_months: 60, notice_days: 180, notice_from: 'expiration' },
      ],
      clauses: [{ kind: 'co_tenancy', text: 'Rent abates if the anchor goes dark.' }],
    });
    const leases: Array<{ reference: string; outcome: Outcome; id?: number }> = [];
    const leaseLoop = async () => {
      for (let n = 0; !killed; n++) {
        const entry: (typeof leases)[number] = { reference: `CRASH-${n}`, outcome: { status: 'lost' } };
        leases.push(entry);
        const response = await attempt(entry, () => api('POST', '/leases', leaseBody(entry.reference)));
        if (!response) return;
        entry.id = response.body?.data?.id;
      }
    };
    const createLoop = async (worker: number) => {
      for (let n = 0; !killed; n++) {
        const entry: (typeof creates)[number] = { name: `Burst ${worker}-${n}`, outcome: { status: 'lost' } };
        creates.push(entry);
        const response = await attempt(entry, () =>
          api('POST', '/stores', { name: entry.name, city: `City ${worker}` }),
        );
        if (!response) return;
        entry.id = response.body?.data?.id;
      }
    };
    const uploadLoop = async (worker: number) => {
      for (let n = 0; !killed; n++) {
        const title = `Upload ${worker}-${n}`;
        const bytes = Buffer.from(`${title}\n${'x'.repeat(150_000 + worker * 1000 + n)}\n`);
        const entry: (typeof uploads)[number] = { title, bytes, outcome: { status: 'lost' } };
        uploads.push(entry);
        const body = multipartBody({ title }, [
          { field: 'file', name: `${title}.txt`, content: bytes, type: 'text/plain' },
        ]);
        const response = await attempt(entry, () => api('POST', '/documents', body.body, body.headers));
        if (!response) return;
        entry.id = response.body?.data?.id;
      }
    };

    // A client that builds on the newest imported store it can see (or, seeing none, a store of its own):
    // a note, a lease and a rename on it, each remembered with its answer.
    const target = await api('POST', '/stores', { name: 'Build target' });
    expect(target.status).toBe(201);
    const built: {
      importedSeen: number[];
      notes: Array<{ storeId: number; body: string; outcome: Outcome; id?: number }>;
      leases: Array<{ storeId: number; reference: string; outcome: Outcome; id?: number }>;
      renames: Array<{ storeId: number; name: string; outcome: Outcome }>;
    } = { importedSeen: [], notes: [], leases: [], renames: [] };
    let importStarted = false;
    const buildLoop = async () => {
      for (let n = 0; !killed; n++) {
        const found = await attempt({ outcome: { status: 'lost' } as Outcome }, () =>
          api('GET', '/stores?search=Imported&sort=created_at&direction=desc&per_page=1'),
        );
        if (!found) return;
        const imported = (found.body as { data?: Array<{ id: number }> } | null)?.data?.[0];
        if (imported) built.importedSeen.push(imported.id);
        const storeId = imported?.id ?? target.body.data.id;
        const note = {
          storeId,
          body: `Built note ${n}`,
          outcome: { status: 'lost' } as Outcome,
          id: undefined as number | undefined,
        };
        built.notes.push(note);
        const noted = await attempt(note, () => api('POST', `/stores/${storeId}/notes`, { body: note.body }));
        if (!noted) return;
        note.id = noted.body?.data?.id;
        const lease = {
          storeId,
          reference: `BUILT-${n}`,
          outcome: { status: 'lost' } as Outcome,
          id: undefined as number | undefined,
        };
        built.leases.push(lease);
        const leased = await attempt(lease, () =>
          api('POST', '/leases', { ...leaseBody(lease.reference), store_id: storeId }),
        );
        if (!leased) return;
        lease.id = leased.body?.data?.id;
        const rename = { storeId, name: `Built ${n}`, outcome: { status: 'lost' } as Outcome };
        built.renames.push(rename);
        if (!(await attempt(rename, () => api('PATCH', `/stores/${storeId}`, { name: rename.name })))) return;
        // Once the import runs, one round after another; before, one round is enough to warm up.
        if (!importStarted) await until('the import to start', async () => importStarted || killed, 60_000);
      }
    };

    const bursts = Promise.all([
      ...edited.map((_, slot) => editLoop(slot)),
      createLoop(0),
      createLoop(1),
      uploadLoop(0),
      uploadLoop(1),
      uploadLoop(2),
      leaseLoop(),
      buildLoop(),
    ]);
    await until(
      'every burst to have acknowledged writes',
      async () =>
        creates.filter(ok).length >= 3 &&
        uploads.filter(ok).length >= 3 &&
        leases.filter(ok).length >= 2 &&
        edited.every((e) => e.acked !== `${e.acked?.split(' v')[0]} v0`),
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output().slice(-5000)}`);
    });
    const started = await api('POST', `/imports/${importId}/run`, {
      mapping: uploaded.body.data.mapping,
      mode: 'create_update',
      match_key: 'store_number',
    });
    expect(started.status).toBe(202);
    importStarted = true;

    // Kill once the import is part way (some batches in, more to come) and every burst has acknowledged writes.
    await until(
      'the import to be part way',
      async () => {
        const progress = await ctx.db
          .selectFrom('imports')
          .select(['status', 'processed_rows'])
          .where('id', '=', importId)
          .executeTakeFirstOrThrow();
        if (progress.status !== 'running' && progress.status !== 'queued')
          throw new Error(`the import ended (${progress.status}) before the kill`);
        // Part way, and the builder has had rounds while batches were in.
        return progress.processed_rows >= 300 && built.renames.filter(ok).length >= 3;
      },
      // Under a loaded CI (SQLite tests run several files at once) the import's first committed batch has taken
      // over 26 s to come while the bursts hold the writer, and over 60 s with other test processes busy too. How
      // long it takes is not what this test is about; that it is part way when killed is.
      150_000,
      10,
    ).catch(async (error: Error) => {
      const progress = await ctx.db
        .selectFrom('imports')
        .selectAll()
        .where('id', '=', importId)
        .executeTakeFirst();
      throw new Error(
        `${error.message}: ${JSON.stringify(progress)}, ${JSON.stringify(creates.slice(0, 2))}, ${JSON.stringify(uploads.slice(0, 2).map((u) => u.outcome))}\n${server.output()}`,
      );
    });
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await bursts;
    const importProgress = await ctx.db
      .selectFrom('imports')
      .select(['status', 'processed_rows', 'created_count'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(importProgress.status).toBe('running');

    // ---- on disk, before anything runs again ----
    expect(sqliteIntegrity()).toEqual({ integrity: ['ok'], foreignKeys: [] });
    // Every batch the import committed is in its log, and nothing it wrote is outside the log; all of it is
    // still hidden, and nobody saw or built on any of it.
    const imported = await ctx.db
      .selectFrom('stores')
      .select(['id', 'deleted_at'])
      .where('team_id', '=', team.id)
      .where('name', 'like', 'Imported %')
      .execute();
    const logged = await ctx.db
      .selectFrom('import_changes')
      .select('subject_id')
      .where('import_id', '=', importId)
      .execute();
    expect(imported.length).toBeGreaterThan(0);
    expect(logged.map((c) => c.subject_id).sort((a, b) => a - b)).toEqual(
      imported.map((s) => s.id).sort((a, b) => a - b),
    );
    expect(importProgress.created_count).toBe(imported.length);
    expect(imported.filter((s) => s.deleted_at !== PENDING_IMPORT)).toEqual([]);
    expect(built.importedSeen).toEqual([]);

    // ---- restart on the same data (the same instance: host and port) ----
    server = await startServer(server.port);
    api = apiOf(server, token);
    // The interrupted import is recovered at start-up, not when its job's claim expires minutes later.
    const after = await until('the interrupted import to be rolled back', async () => {
      const response = await api('GET', `/imports/${importId}`);
      return response.body.data.status === 'failed' ? response.body.data : undefined;
    });
    expect(after).toMatchObject({ created_count: 0, updated_count: 0 });
    expect(after.message).toMatch(/interrupted/);
    expect(after.message).not.toMatch(/kept as they are/);
    expect(
      await ctx.db
        .selectFrom('stores')
        .select('id')
        .where('team_id', '=', team.id)
        .where('name', 'like', 'Imported %')
        .execute(),
    ).toEqual([]);
    expect(
      await ctx.db
        .selectFrom('import_changes')
        .select('subject_id')
        .where('import_id', '=', importId)
        .execute(),
    ).toEqual([]);

    // The builder's acknowledged writes are all there: its notes, its leases (on a store that exists) and its
    // last acknowledged rename (or the one in flight).
    expect(built.notes.filter(ok).length).toBeGreaterThan(0);
    for (const note of built.notes.filter(ok)) {
      const notes = await api('GET', `/stores/${note.storeId}/notes?per_page=100`);
      expect(notes.status).toBe(200);
      expect(notes.body.data.map((n: { body: string }) => n.body)).toContain(note.body);
    }
    for (const lease of built.leases.filter(ok)) {
      const response = await api('GET', `/leases/${lease.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ reference: lease.reference, store: { id: lease.storeId } });
    }
    const renamed = built.renames.filter(ok).at(-1)!;
    const inFlightRename = built.renames.at(-1)!;
    expect([renamed.name, inFlightRename.name]).toContain(
      (await api('GET', `/stores/${renamed.storeId}`)).body.data.name,
    );

    // Every acknowledged create is there with its data; every acknowledged edit (or the one in flight, which
    // may have committed without its answer arriving) is the current name.
    const acknowledged = creates.filter(ok);
    for (const entry of acknowledged) {
      const response = await api('GET', `/stores/${entry.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        name: entry.name,
        city: `City ${entry.name.split(' ')[1]!.split('-')[0]}`,
      });
    }
    for (const record of edited) {
      const name = (await api('GET', `/stores/${record.id}`)).body.data.name;
      expect([record.acked, record.inFlight]).toContain(name);
    }
    for (const entry of uploads.filter(ok)) {
      const response = await api('GET', `/documents/${entry.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data.title).toBe(entry.title);
      const version = await ctx.db
        .selectFrom('document_versions')
        .select(['blob_key', 'checksum'])
        .where('document_id', '=', entry.id!)
        .executeTakeFirstOrThrow();
      expect(version.checksum).toBe(sha256(entry.bytes));
      expect(
        sha256(
          fs.readFileSync(path.join(ctx.dataDir, 'files', version.blob_key.slice(0, 2), version.blob_key)),
        ),
      ).toBe(version.checksum);
    }

    // Every lease is whole: all of its generated rows or none (the first acknowledged one is the yardstick).
    const generated = async (id: number) =>
      Promise.all([
        ctx.db.selectFrom('lease_rent_rows').select('id').where('lease_id', '=', id).execute(),
        ctx.db.selectFrom('lease_charges').select('id').where('lease_id', '=', id).execute(),
        ctx.db.selectFrom('lease_options').select('id').where('lease_id', '=', id).execute(),
        ctx.db.selectFrom('reminders').select('id').where('source_key', 'like', `lease:${id}:%`).execute(),
      ]).then((sets) => sets.map((rows) => rows.length));
    const acknowledgedLeases = leases.filter(ok);
    const yardstick = await generated(acknowledgedLeases[0]!.id!);
    expect(yardstick).toEqual([2, 1, 1, 3]);
    for (const entry of acknowledgedLeases)
      expect((await api('GET', `/leases/${entry.id}`)).body.data.reference).toBe(entry.reference);
    const allLeases = await ctx.db.selectFrom('leases').select('id').where('team_id', '=', team.id).execute();
    expect(allLeases.length).toBeGreaterThanOrEqual(acknowledgedLeases.length);
    for (const lease of allLeases) expect(await generated(lease.id)).toEqual(yardstick);
    const leaseAudit = await ctx.db
      .selectFrom('activities')
      .select('subject_id')
      .where('team_id', '=', team.id)
      .where('subject_type', '=', 'lease')
      .where('action', '=', 'created')
      .execute();
    expect(leaseAudit.map((a) => Number(a.subject_id)).sort((a, b) => a - b)).toEqual(
      allLeases.map((l) => l.id).sort((a, b) => a - b),
    );

    // The audit log matches the data: an entry for every store and document that exists, none for one that does not.
    const burstStores = await ctx.db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('team_id', '=', team.id)
      .where('name', 'like', 'Burst %')
      .execute();
    const created = await ctx.db
      .selectFrom('activities')
      .select('subject_id')
      .where('team_id', '=', team.id)
      .where('subject_type', '=', 'store')
      .where('action', '=', 'created')
      .execute();
    const createdIds = new Set(created.map((a) => Number(a.subject_id)));
    for (const store of burstStores) expect(createdIds.has(store.id)).toBe(true);
    const storeIds = new Set(
      (await ctx.db.selectFrom('stores').select('id').where('team_id', '=', team.id).execute()).map(
        (s) => s.id,
      ),
    );
    for (const id of createdIds) expect(storeIds.has(id)).toBe(true);
    // Burst names are unique, so no acknowledged create was written twice and no lost one more than once.
    expect(new Set(burstStores.map((s) => s.name)).size).toBe(burstStores.length);
    for (const entry of acknowledged) expect(burstStores.some((s) => s.id === entry.id)).toBe(true);
    for (const record of edited) {
      const current = (
        await ctx.db.selectFrom('stores').select('name').where('id', '=', record.id).executeTakeFirstOrThrow()
      ).name;
      const updates = await ctx.db
        .selectFrom('activities')
        .select('changes')
        .where('subject_type', '=', 'store')
        .where('subject_id', '=', String(record.id))
        .where('action', '=', 'updated')
        .orderBy('id', 'desc')
        .execute();
      if (current !== `${current.split(' v')[0]} v0`)
        expect(JSON.parse(updates[0]!.changes!).name[1]).toBe(current);
    }
    const documents = await ctx.db
      .selectFrom('documents')
      .select('id')
      .where('team_id', '=', team.id)
      .execute();
    const uploadedEntries = await ctx.db
      .selectFrom('activities')
      .select('subject_id')
      .where('team_id', '=', team.id)
      .where('subject_type', '=', 'document')
      .where('action', '=', 'uploaded')
      .execute();
    expect(uploadedEntries.map((a) => Number(a.subject_id)).sort((a, b) => a - b)).toEqual(
      documents.map((d) => d.id).sort((a, b) => a - b),
    );

    // Search rows: one for every live store, none for a store that does not exist.
    const unindexed = await sql<{
      n: number;
    }>`select count(*) as n from stores s where s.team_id = ${team.id} and s.deleted_at is null
      and not exists (select 1 from search_index i where i.rowid = s.id * 8 + 3)`.execute(ctx.db);
    expect(Number(unindexed.rows[0]!.n)).toBe(0);
    const strays = await sql<{ n: number }>`select count(*) as n from search_index i where i.rowid % 8 = 3
      and not exists (select 1 from stores s where s.id * 8 + 3 = i.rowid and s.deleted_at is null)`.execute(
      ctx.db,
    );
    expect(Number(strays.rows[0]!.n)).toBe(0);
    if (ctx.app.deps.dialect === 'postgres') {
      // PostgreSQL's per-word rows (search_terms) belong to a search row each.
      const loose = await sql<{
        n: number;
      }>`select count(*) as n from search_terms t where not exists (select 1 from search_index i where i.rowid = t.rowid)`.execute(
        ctx.db,
      );
      expect(Number(loose.rows[0]!.n)).toBe(0);
    }
    // Every document has its current version, every version its document.
    const headless = await sql<{
      n: number;
    }>`select count(*) as n from documents d where d.team_id = ${team.id}
      and not exists (select 1 from document_versions v where v.id = d.current_version_id and v.document_id = d.id)`.execute(
      ctx.db,
    );
    expect(Number(headless.rows[0]!.n)).toBe(0);

    // Documents: every version's blob is stored whole; a blob no version references can only be one whose
    // upload was cut off by the kill, and the orphan sweep removes those.
    const versions = await ctx.db
      .selectFrom('document_versions')
      .select(['blob_key', 'checksum'])
      .where('team_id', '=', team.id)
      .execute();
    for (const version of versions)
      expect(
        sha256(
          fs.readFileSync(path.join(ctx.dataDir, 'files', version.blob_key.slice(0, 2), version.blob_key)),
        ),
      ).toBe(version.checksum);
    const referenced = new Set([
      ...versions.map((v) => v.blob_key),
      ...(await ctx.db.selectFrom('imports').select('file_key').execute()).map((i) => i.file_key),
    ]);
    const stored = fs
      .readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    const orphans = stored.filter((name) => !referenced.has(name));
    const registered = new Set(
      (await ctx.db.selectFrom('pending_blobs').select('key').execute()).map((p) => p.key),
    );
    for (const orphan of orphans) expect(registered.has(orphan.replace(/\.partial$/, ''))).toBe(true);
    expect(await sweepOrphanBlobs(ctx.app.deps, 0)).toBe(registered.size);
    expect(
      fs
        .readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !referenced.has(entry.name)),
    ).toEqual([]);

    // Nothing orphaned: every note's and reminder's subject and every lease's store exists.
    const dangling = await Promise.all([
      sql<{
        n: number;
      }>`select count(*) as n from notes n where n.team_id = ${team.id} and n.subject_type = 'store' and not exists (select 1 from stores s where s.id = n.subject_id)`.execute(
        ctx.db,
      ),
      sql<{
        n: number;
      }>`select count(*) as n from reminders r where r.team_id = ${team.id} and r.subject_type = 'lease' and not exists (select 1 from leases l where l.id = r.subject_id)`.execute(
        ctx.db,
      ),
      sql<{
        n: number;
      }>`select count(*) as n from leases l where l.team_id = ${team.id} and not exists (select 1 from stores s where s.id = l.store_id and s.deleted_at is null)`.execute(
        ctx.db,
      ),
    ]);
    expect(dangling.map((result) => Number(result.rows[0]!.n))).toEqual([0, 0, 0]);
    // The import's job is done: nothing is left to roll back when its claim would have expired.
    expect(
      await ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'import.run')
        .where('finished_at', 'is', null)
        .execute(),
    ).toEqual([]);

    server.child.kill('SIGTERM');
    await server.exited;
    expect(sqliteIntegrity()).toEqual({ integrity: ['ok'], foreignKeys: [] });
    console.log(
      `crash test: killed at import row ${importProgress.processed_rows}/${rows}; ${acknowledged.length} creates, ${uploads.filter(ok).length} uploads, ${leases.filter(ok).length} leases and ` +
        `${edited.length} edit streams acknowledged; ${creates.length - acknowledged.length} creates and ${uploads.filter((u) => !ok(u)).length} uploads lost in flight; ` +
        `${orphans.length} orphan blob files swept; the builder saw no imported store and had ${built.notes.filter(ok).length} notes, ${built.leases.filter(ok).length} leases and ${built.renames.filter(ok).length} renames acknowledged`,
    );
  }, 240_000);
});
