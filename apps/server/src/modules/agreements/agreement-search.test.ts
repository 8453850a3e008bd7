import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildAgreement, buildUser, signIn } from '../../../test/factories';

const ctx = useTestApp();

describe('the agreements search box', () => {
  it('finds the number anywhere in any case on either database, follows its edits, the trash and a restore, in the team only', async () => {
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);
    const clientA = await signIn(ctx, a.user.email);
    const clientB = await signIn(ctx, b.user.email);
    const fa = await buildAgreement(clientA, { agreement_number: 'FA-2024-Alpha' });
    await buildAgreement(clientA, { agreement_number: 'Unit 9 / 50%' });
    await buildAgreement(clientA, { agreement_number: 'QX' });
    await buildAgreement(clientB, { agreement_number: 'FA-2024-Beta' });
    const numbers = async (term: string) => {
      const response = await clientA.get(`/app/api/v1/agreements?search=${encodeURIComponent(term)}`);
      expect(response.status).toBe(200);
      expect(response.body.meta.total).toBe(response.body.data.length);
      return response.body.data.map((row: { agreement_number: string }) => row.agreement_number).sort();
    };
    // PostgreSQL's LIKE minds case: the search box must not.
    expect(await numbers('fa-2024')).toEqual(['FA-2024-Alpha']);
    expect(await numbers('024-AL')).toEqual(['FA-2024-Alpha']);
    expect(await numbers('50%')).toEqual(['Unit 9 / 50%']);
    expect(await numbers('qx')).toEqual(['QX']);
    expect(await numbers('100%_')).toEqual([]);

    expect(
      (await clientA.patch(`/app/api/v1/agreements/${fa.id}`, { agreement_number: 'Kiosk-77' })).status,
    ).toBe(200);
    expect(await numbers('alpha')).toEqual([]);
    expect(await numbers('iosk-7')).toEqual(['Kiosk-77']);
    expect((await clientA.delete(`/app/api/v1/agreements/${fa.id}`)).status).toBe(204);
    expect(await numbers('kiosk')).toEqual([]);
    expect((await clientA.post(`/app/api/v1/agreements/${fa.id}/restore`)).status).toBe(200);
    expect(await numbers('kiosk')).toEqual(['Kiosk-77']);

    const theirs = await clientB.get('/app/api/v1/agreements?search=fa-2024');
    expect(theirs.body.data.map((row: { agreement_number: string }) => row.agreement_number)).toEqual([
      'FA-2024-Beta',
    ]);
  });
});
