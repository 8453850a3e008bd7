import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { postFile, teamWithRoles, uploadDocument, uploadImport } from '../../../test/factories';
import { safeFileName } from '../../platform/file-name';

const ctx = useTestApp();

const EXECUTABLE = 'MZ pretend executable';
const download = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Every bidi control the sanitizer must remove, around the letters of "abcd". */
const BIDI = '\u202Aa\u202B\u202C\u202Db\u202E\u2066c\u2067\u2068\u2069\u200E\u200Fd\u061C';

describe('uploaded file names', () => {
  it('drops bidi and other invisible controls, so "invoice<U+202E>fdp.exe" cannot pass for a PDF', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName(`${BIDI}.txt`)).toBe('abcd.txt');
    expect(safeFileName('a\u0000b\u0085c\u2028d\u200Be\uFEFF\uD800.txt')).toBe('abcde.txt');
    // Joiners are parts of words and emoji, not direction changes.
    expect(safeFileName('👨\u200D👩 plan.pdf')).toBe('👨\u200D👩 plan.pdf');
    expect(safeFileName('C:\\Users\\x\\..\\\u202E')).toBe('file');
  });

  it('stores documents and versions without bidi controls, and their downloads say the real name', async () => {
    const { admin } = await teamWithRoles(ctx);
    const created = await postFile(admin, '/app/api/v1/documents', {
      name: 'invoice\u202Efdp.exe',
      content: EXECUTABLE,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'invoicefdp.exe',
      current_version: { file_name: 'invoicefdp.exe' },
    });
    const file = await download(
      (await admin.get(`/app/api/v1/documents/${created.body.data.id}`)).body.data.url,
    );
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );

    const version = await postFile(admin, `/app/api/v1/documents/${created.body.data.id}/versions`, {
      name: `${BIDI}.txt`,
      content: EXECUTABLE,
    });
    expect(version.status).toBe(201);
    expect(version.body.data.current_version.file_name).toBe('abcd.txt');
  });

  it('cleans a name stored before in the download header and the team export', async () => {
    const { admin } = await teamWithRoles(ctx);
    const created = await uploadDocument(admin, { name: 'statement.txt', content: EXECUTABLE });
    await ctx.db
      .updateTable('document_versions')
      .set({ file_name: 'statement\u202Etxt.exe' })
      .where('document_id', '=', created.id)
      .execute();
    const url = (await admin.get(`/app/api/v1/documents/${created.id}`)).body.data.url;
    expect((await download(url)).headers['content-disposition']).toBe(
      `attachment; filename="statementtxt.exe"; filename*=UTF-8''statementtxt.exe`,
    );
    const zip = await JSZip.loadAsync((await admin.request('GET', '/app/api/v1/team-export')).raw);
    expect(zip.file(/^files\//).map((f) => f.name)).toEqual([`files/${created.id}/statementtxt.exe`]);
  });

  it('stores an import file name without bidi controls', async () => {
    const { admin } = await teamWithRoles(ctx);
    const uploaded = await uploadImport(admin, 'stores', {
      name: 'stores\u202Evsc.exe.csv',
      content: 'Name\nDallas\n',
    });
    expect(uploaded.status).toBe(201);
    expect((await admin.get(`/app/api/v1/imports/${uploaded.body.data.id}`)).body.data.file_name).toBe(
      'storesvsc.exe.csv',
    );
  });
});
