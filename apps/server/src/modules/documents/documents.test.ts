import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import {
  buildCompany,
  buildStore,
  multipartBody,
  postFile,
  teamWithRoles,
  uploadDocument,
} from '../../../test/factories';
import { makePdf } from '../../../test/pdf';
import { purgeTrash } from '../trash/service';

const ctx = useTestApp({ UPLOAD_MAX_BYTES: String(1024 * 1024) });

const fetchFile = (url: string) => ctx.app.inject({ method: 'GET', url });
const storedBlobs = () => {
  const root = path.join(ctx.dataDir, 'files');
  return fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true })
        .filter((f) => String(f).startsWith('doc_') || String(f).includes('/doc_'))
    : [];
};

describe('uploading and finding documents', () => {
  it('uploads a PDF into a store, extracts its text in the background and finds it by a word inside', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Riverside Plaza' });
    const pdf = await makePdf([
      'Lease between Riverside Holdings and Tenant',
      'The tenant shall pay zanzibarian rent monthly.',
    ]);
    const created = await postFile(
      admin,
      `/app/api/v1/stores/${store.id}/documents`,
      { name: 'Riverside lease.pdf', content: pdf },
      { category: 'lease', tags: 'signed,2024' },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Riverside lease.pdf',
      category: 'lease',
      category_name: 'Lease',
      tags: ['2024', 'signed'],
      text_status: 'pending',
      links: [{ type: 'stores', id: store.id, name: 'Riverside Plaza' }],
      current_version: {
        version: 1,
        mime_type: 'application/pdf',
        size: pdf.length,
        file_name: 'Riverside lease.pdf',
      },
    });
    const id = created.body.data.id;

    await ctx.app.deps.jobs.runDue();
    const fetched = await admin.get(`/app/api/v1/documents/${id}`);
    expect(fetched.body.data.text_status).toBe('done');

    const search = await admin.get('/app/api/v1/search?query=zanzibarian');
    expect(search.body.data).toEqual([
      {
        type: 'documents',
        data: [{ id, title: 'Riverside lease.pdf', subtitle: expect.stringContaining('zanzibarian rent') }],
      },
    ]);
    expect(
      (await admin.get('/app/api/v1/documents?search=zanzib')).body.data.map((d: { id: number }) => d.id),
    ).toEqual([id]);
    expect((await admin.get(`/app/api/v1/stores/${store.id}/documents`)).body.meta.total).toBe(1);

    const file = await fetchFile(fetched.body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Riverside lease.pdf"; filename*=UTF-8''Riverside%20lease.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('keeps old versions downloadable while the list shows the current one', async () => {
    const { admin } = await teamWithRoles(ctx);
    const first = await postFile(admin, '/app/api/v1/documents', {
      name: 'insurance.txt',
      content: Buffer.from('Certificate 2024'),
    });
    const id = first.body.data.id;
    const { body, headers } = multipartBody({}, [
      { field: 'file', name: 'insurance-2025.txt', content: Buffer.from('Certificate 2025 renewed') },
    ]);
    const second = await admin.request('POST', `/app/api/v1/documents/${id}/versions`, body, headers);
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({
      version_count: 2,
      current_version: { version: 2, file_name: 'insurance-2025.txt' },
    });
    const versions = (await admin.get(`/app/api/v1/documents/${id}/versions`)).body.data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await fetchFile(versions[1].url)).body).toBe('Certificate 2024');
    expect(
      (await admin.get('/app/api/v1/documents')).body.data.filter((d: { id: number }) => d.id === id),
    ).toHaveLength(1);
  });

  it('edits metadata with validation, and filters lists by category, tag, link and expiry', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const company = await buildCompany(admin, { name: 'Insurer' });
    const doc = await uploadDocument(admin, { name: 'coi.txt', content: 'certificate of insurance' });
    const patched = await admin.patch(`/app/api/v1/documents/${doc.id}`, {
      title: 'COI 2025',
      category: 'insurance_certificate',
      tags: ['Insurance'],
      effective_date: '2025-01-01',
      expiration_date: '2025-12-31',
    });
    expect(patched.body.data).toMatchObject({
      title: 'COI 2025',
      category_name: 'Insurance certificate',
      tags: ['insurance'],
      expiration_date: '2025-12-31',
    });
    expect(
      (await admin.patch(`/app/api/v1/documents/${doc.id}`, { expiration_date: '2024-01-01' })).body.errors
        .expiration_date,
    ).toBeDefined();
    expect(
      (await admin.patch(`/app/api/v1/documents/${doc.id}`, { category: 'made_up' })).body.errors.category,
    ).toEqual(['The selected category is invalid.']);
    expect((await manager.post('/app/api/v1/document-categories', { name: 'Permits 2' })).status).toBe(403);
    expect(
      (await admin.post('/app/api/v1/document-categories', { name: 'Health permit' })).body.data,
    ).toEqual({ slug: 'health_permit', name: 'Health permit', built_in: false });
    expect(
      (await admin.patch(`/app/api/v1/documents/${doc.id}`, { category: 'health_permit' })).body.data
        .category_name,
    ).toBe('Health permit');

    expect(
      (await admin.post(`/app/api/v1/documents/${doc.id}/links`, { type: 'companies', id: company.id })).body
        .data.links,
    ).toEqual([{ type: 'companies', id: company.id, name: 'Insurer' }]);
    const q = (query: string) => admin.get(`/app/api/v1/documents?${query}`).then((r) => r.body.meta.total);
    expect(await q('filters[category]=health_permit')).toBe(1);
    expect(await q('filters[tag]=insurance')).toBe(1);
    expect(await q(`filters[linked_type]=companies&filters[linked_id]=${company.id}`)).toBe(1);
    expect(await q('filters[expiring_before]=2026-01-01')).toBe(1);
    expect(await q('filters[expiring_before]=2025-06-01')).toBe(0);
    // The expiration date feeds a reminder, which follows the date.
    const reminders = await admin.get(
      `/app/api/v1/reminders?filters[subject_type]=document&filters[subject_id]=${doc.id}`,
    );
    expect(reminders.body.data).toEqual([
      expect.objectContaining({
        source: 'document_expiration',
        due_date: '2025-12-31',
        title: 'Document expires: COI 2025',
      }),
    ]);
    expect((await admin.get('/app/api/v1/documents?filters[expiring_before]=soon')).status).toBe(422);
    expect(
      (
        await admin.request('DELETE', `/app/api/v1/documents/${doc.id}/links`, {
          type: 'companies',
          id: company.id,
        })
      ).body.data.links,
    ).toEqual([]);
  });

  it('refuses the same file twice on one record unless forced', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Twice' });
    const content = Buffer.from('the same bytes');
    expect(
      (await postFile(admin, `/app/api/v1/stores/${store.id}/documents`, { name: 'a.txt', content })).status,
    ).toBe(201);
    const again = await postFile(admin, `/app/api/v1/stores/${store.id}/documents`, {
      name: 'b.txt',
      content,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.file[0]).toMatch(/already attached here as “a.txt”/);
    expect(
      (
        await postFile(
          admin,
          `/app/api/v1/stores/${store.id}/documents`,
          { name: 'b.txt', content },
          { force: 'true' },
        )
      ).status,
    ).toBe(201);
  });
});

describe('deleting', () => {
  it('soft-deletes from every list and search, refuses its link, restores, and the purge removes the blob', async () => {
    const { admin } = await teamWithRoles(ctx);
    const doc = await uploadDocument(admin, { name: 'gone.txt', content: 'quixotic words' });
    await ctx.app.deps.jobs.runDue();
    const url = (await admin.get(`/app/api/v1/documents/${doc.id}`)).body.data.url;
    expect((await admin.delete(`/app/api/v1/documents/${doc.id}`)).status).toBe(204);
    expect(
      (await admin.get('/app/api/v1/documents')).body.data.map((d: { id: number }) => d.id),
    ).not.toContain(doc.id);
    expect((await admin.get('/app/api/v1/search?query=quixotic')).body.data).toEqual([]);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect((await admin.get('/app/api/v1/trash?filters[type]=documents')).body.data[0]).toMatchObject({
      type: 'documents',
      id: doc.id,
      title: 'gone.txt',
    });
    expect((await admin.post(`/app/api/v1/documents/${doc.id}/restore`)).status).toBe(200);
    expect((await admin.get('/app/api/v1/search?query=quixotic')).body.data).toHaveLength(1);

    await admin.delete(`/app/api/v1/documents/${doc.id}`);
    const before = storedBlobs().length;
    await ctx.db
      .updateTable('documents')
      .set({ deleted_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', doc.id)
      .execute();
    await purgeTrash(ctx.app.deps);
    expect(
      await ctx.db.selectFrom('documents').select('id').where('id', '=', doc.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(storedBlobs().length).toBe(before - 1);
  });
});

describe('security and faults', () => {
  it('answers 404 to another team for the document, its versions, links and uploads into its records', async () => {
    const { admin } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const store = await buildStore(admin, { name: 'Private' });
    const doc = await uploadDocument(admin, {
      to: { type: 'stores', id: store.id },
      name: 'secret.txt',
      content: 'secret',
    });
    const base = `/app/api/v1/documents/${doc.id}`;
    for (const [method, url, body] of [
      ['GET', base],
      ['PATCH', base, { title: 'mine' }],
      ['DELETE', base],
      ['POST', `${base}/restore`],
      ['GET', `${base}/versions`],
      ['POST', `${base}/links`, { type: 'stores', id: store.id }],
      ['GET', `/app/api/v1/stores/${store.id}/documents`],
    ] as Array<[string, string, unknown?]>) {
      expect((await stranger.request(method as 'GET', url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect(
      (
        await postFile(stranger, `/app/api/v1/stores/${store.id}/documents`, {
          name: 'x.txt',
          content: Buffer.from('x'),
        })
      ).status,
    ).toBe(404);
    expect((await stranger.get('/app/api/v1/documents')).body.meta.total).toBe(0);
    const own = await buildCompany(stranger, { name: 'Theirs' });
    expect((await admin.post(`${base}/links`, { type: 'companies', id: own.id })).status).toBe(422);
  });

  it('refuses a signed link with a tampered id, a forged signature or an expired time', async () => {
    const { admin } = await teamWithRoles(ctx);
    const a = await uploadDocument(admin, { name: 'a.txt', content: 'aaa' });
    const b = await uploadDocument(admin, { name: 'b.txt', content: 'bbb' });
    const url = (await admin.get(`/app/api/v1/documents/${a.id}`)).body.data.url as string;
    expect((await fetchFile(url)).body).toBe('aaa');
    expect(
      (await fetchFile(url.replace(`/files/${a.current_version?.id}`, `/files/${b.current_version?.id}`)))
        .statusCode,
    ).toBe(403);
    expect((await fetchFile(url.replace(/signature=[^&]+/, 'signature=AAAA'))).statusCode).toBe(403);
    expect((await fetchFile(url.replace(/expires=\d+/, 'expires=1000'))).statusCode).toBe(403);
  });

  it('lets observers read and download, not upload, edit or delete', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const doc = await uploadDocument(admin, { name: 'read-only.txt', content: 'r' });
    const fetched = await observer.get(`/app/api/v1/documents/${doc.id}`);
    expect(fetched.body.data.abilities).toMatchObject({ update: false, delete: false });
    expect((await fetchFile(fetched.body.data.url)).statusCode).toBe(200);
    expect(
      (await postFile(observer, '/app/api/v1/documents', { name: 'no.txt', content: Buffer.from('n') }))
        .status,
    ).toBe(403);
    expect((await observer.patch(`/app/api/v1/documents/${doc.id}`, { title: 'no' })).status).toBe(403);
    expect((await observer.delete(`/app/api/v1/documents/${doc.id}`)).status).toBe(403);
  });

  it('stores hostile file names safely and sends active content as an attachment', async () => {
    const { admin } = await teamWithRoles(ctx);
    const traversal = await postFile(admin, '/app/api/v1/documents', {
      name: '../../etc/pass\u0000wd.html',
      content: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(traversal.status).toBe(201);
    expect(traversal.body.data.current_version.file_name).toBe('passwd.html');
    const url = (await admin.get(`/app/api/v1/documents/${traversal.body.data.id}`)).body.data.url;
    const html = await fetchFile(url);
    expect(html.headers['content-type']).toBe('text/plain');
    const long = await postFile(admin, '/app/api/v1/documents', {
      name: `${'ü'.repeat(300)}.pdf`,
      content: Buffer.from('%PDF-1.4 not really'),
    });
    expect(long.body.data.current_version.file_name).toHaveLength(200);
    expect(long.body.data.current_version.file_name.endsWith('.pdf')).toBe(true);
    const svg = await postFile(admin, '/app/api/v1/documents', {
      name: 'logo.svg',
      content: Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      ),
    });
    const svgFile = await fetchFile(
      (await admin.get(`/app/api/v1/documents/${svg.body.data.id}`)).body.data.url,
    );
    expect(svgFile.headers['content-disposition']).toMatch(/^attachment;/);
    expect(svgFile.headers['content-type']).toBe('application/octet-stream');
    expect(svgFile.headers['content-security-policy']).toMatch(/^sandbox; /);
  });

  it('gives clear errors for an empty file, a missing file and one over the limit, leaving nothing behind', async () => {
    const { admin } = await teamWithRoles(ctx);
    const before = storedBlobs().length;
    const count = async () => (await ctx.db.selectFrom('documents').select('id').execute()).length;
    const rows = await count();
    const empty = await postFile(admin, '/app/api/v1/documents', {
      name: 'empty.txt',
      content: Buffer.alloc(0),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file).toEqual(['The file must not be empty.']);
    const huge = await postFile(admin, '/app/api/v1/documents', {
      name: 'huge.bin',
      content: Buffer.alloc(1024 * 1024 + 1, 7),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors.file).toEqual(['The file may not be greater than 1 MB.']);
    const { body, headers } = multipartBody({ title: 'no file' }, []);
    expect((await admin.request('POST', '/app/api/v1/documents', body, headers)).body.errors.file).toEqual([
      'The file field is required.',
    ]);
    expect(await count()).toBe(rows);
    expect(storedBlobs().length).toBe(before);
  });

  it('leaves no document row and no blob when an upload is cut off half way', async () => {
    const { admin } = await teamWithRoles(ctx);
    const before = storedBlobs().length;
    const rows = (await ctx.db.selectFrom('documents').select('id').execute()).length;
    const { body, headers } = multipartBody({}, [
      { field: 'file', name: 'cut.bin', content: Buffer.alloc(200_000, 3) },
    ]);
    const response = await admin.request('POST', '/app/api/v1/documents', body.subarray(0, 100_000), headers);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await ctx.db.selectFrom('documents').select('id').execute()).length).toBe(rows);
    expect(storedBlobs().length).toBe(before);
    const leftovers = fs.existsSync(path.join(ctx.dataDir, 'files'))
      ? fs
          .readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true })
          .filter((f) => String(f).endsWith('.tmp'))
      : [];
    expect(leftovers).toEqual([]);
  });
});
