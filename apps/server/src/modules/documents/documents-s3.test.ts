import { describe, expect, it } from 'vitest';
import { s3Storage } from '../../platform/storage';
import { useTestApp } from '../../../test/context';
import { fakeS3 } from '../../../test/fake-s3';
import { createVia, multipartBody, teamWithRoles } from '../../../test/factories';
import { makePdf } from '../../../test/pdf';
import { purgeTrash } from '../trash/service';

const s3 = fakeS3();
const ctx = useTestApp({}, { storage: () => s3Storage(() => s3.client, 'storekeep-test') });

describe('documents on the S3 driver', () => {
  it('streams uploads into the bucket, extracts text from there, presigns downloads and purges the object', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await createVia(admin, 'stores', { name: 'Cloud Store' });
    const pdf = await makePdf(['Certificate of insurance for the xylophonic premises']);
    const { body, headers } = multipartBody({ category: 'insurance_certificate' }, [
      { field: 'file', name: 'coi.pdf', content: pdf },
    ]);
    const created = await admin.request('POST', `/app/api/v1/stores/${store.id}/documents`, body, headers);
    expect(created.status).toBe(201);
    const keys = [...s3.objects.keys()].filter((k) => k.includes('/doc_'));
    expect(keys).toHaveLength(1);
    expect(s3.objects.get(keys[0]!)!.equals(pdf)).toBe(true);

    await ctx.app.deps.jobs.runDue();
    expect((await admin.get('/app/api/v1/search?query=xylophonic')).body.data[0].data[0].id).toBe(
      created.body.data.id,
    );

    const url = new URL((await admin.get(`/app/api/v1/documents/${created.body.data.id}`)).body.data.url);
    expect(url.pathname).toBe(keys[0]);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toMatch(/^inline; filename="coi.pdf"/);

    await admin.delete(`/app/api/v1/documents/${created.body.data.id}`);
    await ctx.db
      .updateTable('documents')
      .set({ deleted_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .execute();
    await purgeTrash(ctx.app.deps);
    expect([...s3.objects.keys()].filter((k) => k.includes('/doc_'))).toEqual([]);
  });
});
