import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { useTestApp } from '../../../test/context';
import {
  buildBrand,
  buildLease,
  buildStore,
  buildUser,
  createVia,
  multipartBody,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { TEAM_EXPORT_TABLES, TEAM_TABLES_LEFT_OUT } from './service';

const ctx = useTestApp();

describe('exporting lists', () => {
  it('exports the filtered list as XLSX with numbers as numbers and dates as dates, and keeps formula-like text inert in CSV', async () => {
    const { admin } = await teamWithRoles(ctx);
    await buildStore(admin, {
      name: '=HYPERLINK("http://evil")',
      square_feet: 1200,
      city: 'Austin',
      opening_date: '2024-05-01',
    });
    await buildStore(admin, { name: 'Plain', city: 'Boston' });

    const xlsx = await admin.request('GET', '/app/api/v1/stores/export?format=xlsx&search=hyperlink');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-disposition']).toMatch(/stores-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    // The header row stays in view while scrolling.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cells[header.indexOf('Square feet')]).toBe(1200);
    expect(cells[header.indexOf('Opening date')]).toEqual(new Date(Date.UTC(2024, 4, 1)));
    // An XLSX cell is text or a formula by its type, not its first character: the name comes back as typed
    // (with the quote-prefix style, xlsx-writer.test.ts).
    expect(cells[header.indexOf('Name')]).toBe('=HYPERLINK("http://evil")');

    const csv = await admin.get('/app/api/v1/stores/export?format=csv&sort=name');
    expect(csv.body).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect((await admin.get('/app/api/v1/stores/export?format=pdf')).status).toBe(422);
  });
});

describe('exporting the columns the list shows', () => {
  it('exports only the attribute columns the list shows when it names them', async () => {
    const { admin } = await teamWithRoles(ctx);
    await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Drive-thru',
      type: 'boolean',
    });
    await admin.post('/app/api/v1/attributes', { subject_type: 'stores', label: 'Seats', type: 'number' });
    await buildStore(admin, { name: 'A', attributes: { drive_thru: true, seats: 40 } });
    const header = async (query: string) =>
      ((await admin.get(`/app/api/v1/stores/export?format=csv${query}`)).body as string)
        .replace(/^\uFEFF/, '')
        .split('\n')[0]!;
    expect(await header('')).toMatch(/Drive-thru,Seats$/);
    expect(await header('&attributes=seats')).toMatch(/,Manager,Occupancy cost ratio,Seats$/);
    expect(await header('&attributes=')).toMatch(/,Manager,Occupancy cost ratio$/);
  });
});

describe('exporting leases and agreements', () => {
  it('exports the filtered lease and agreement lists as CSV or XLSX, for this team only', async () => {
    const { admin } = await teamWithRoles(ctx);
    const brand = await buildBrand(admin, { name: 'Sunrise' });
    const store = await buildStore(admin, { name: 'Dallas', brand_id: brand.id });
    expect(
      (
        await admin.post('/app/api/v1/leases', {
          store_id: store.id,
          reference: 'L-ACTIVE',
          status: 'active',
        })
      ).status,
    ).toBe(201);
    expect(
      (await admin.post('/app/api/v1/leases', { store_id: store.id, reference: 'L-DRAFT', status: 'draft' }))
        .status,
    ).toBe(201);
    expect(
      (
        await admin.post('/app/api/v1/agreements', {
          brand_id: brand.id,
          store_ids: [store.id],
          agreement_number: 'FA-9',
          royalty_percent: 6,
        })
      ).status,
    ).toBe(201);
    const { user: stranger } = await buildUser(ctx);
    const other = await signIn(ctx, stranger.email);
    const theirs = await buildStore(other, { name: 'Theirs' });
    await buildLease(other, { store_id: theirs.id, reference: 'L-THEIRS', status: 'active' });

    const leases = await admin.get('/app/api/v1/leases/export?format=csv&filters[status]=active');
    expect(leases.status).toBe(200);
    expect(leases.body).toContain('L-ACTIVE');
    expect(leases.body).not.toContain('L-DRAFT');
    expect(leases.body).not.toContain('L-THEIRS');
    const agreements = await admin.request('GET', '/app/api/v1/agreements/export?format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(agreements.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(
      expect.arrayContaining(['FA-9', 'Sunrise', 'Dallas', 6]),
    );
    expect((await admin.get('/app/api/v1/leases/export?format=doc')).status).toBe(422);
  });
});

describe('exporting the whole team', () => {
  it('gives admins a ZIP of every team table as CSV plus the document files, and nothing of other teams', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    await buildStore(admin, { name: 'Ours' });
    const { body, headers } = multipartBody({}, [
      { field: 'file', name: 'lease.txt', content: Buffer.from('The lease text') },
    ]);
    expect((await admin.request('POST', '/app/api/v1/documents', body, headers)).status).toBe(201);
    const { user: stranger } = await buildUser(ctx);
    await createVia(await signIn(ctx, stranger.email), 'stores', { name: 'Theirs' });

    expect((await manager.get('/app/api/v1/team-export')).status).toBe(403);
    const response = await admin.request('GET', '/app/api/v1/team-export');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(response.raw);
    for (const table of Object.keys(TEAM_EXPORT_TABLES))
      expect(zip.file(`${table}.csv`), table).not.toBeNull();
    const stores = await zip.file('stores.csv')!.async('string');
    expect(stores).toContain('Ours');
    expect(stores).not.toContain('Theirs');
    const files = zip.file(/^files\//);
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/^files\/\d+\/lease\.txt$/)]);
    expect(await files[0]!.async('string')).toBe('The lease text');
  });

  it('has a decision for every table that holds team data', async () => {
    const tables = await ctx.db.introspection.getTables();
    const teamTables = tables.filter((t) => t.columns.some((c) => c.name === 'team_id')).map((t) => t.name);
    const undecided = teamTables.filter(
      (name) => !(name in TEAM_EXPORT_TABLES) && !(name in TEAM_TABLES_LEFT_OUT),
    );
    expect(undecided).toEqual([]);
  });
});
