import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

describe('record history and audit log', () => {
  it("a record's history shows no member's IP to any role; the admins' audit log keeps it", async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const company = await createVia(manager, 'companies', { name: 'Acme Holdings' });
    expect((await manager.patch(`/app/api/v1/companies/${company.id}`, { name: 'Acme Group' })).status).toBe(
      200,
    );

    for (const member of [admin, manager, observer]) {
      const history = await member.get(`/app/api/v1/companies/${company.id}/activities`);
      expect(history.status).toBe(200);
      expect(history.body.data.map((a: { action: string }) => a.action).sort()).toEqual([
        'created',
        'updated',
      ]);
      for (const entry of history.body.data) expect(entry).not.toHaveProperty('ip');
    }

    const log = await admin.get(
      `/app/api/v1/activities?filters[subject_type]=company&filters[subject_id]=${company.id}`,
    );
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(2);
    for (const entry of log.body.data) expect(entry.ip).toEqual(expect.any(String));
    expect((await manager.get('/app/api/v1/activities')).status).toBe(403);
  });

  it('names the records that reference fields point to, in the audit log and the history', async () => {
    const { admin } = await teamWithRoles(ctx);
    const brand = await createVia(admin, 'brands', { name: 'Harbor Grill' });
    const manager = await createVia(admin, 'contacts', { first_name: 'Mia', last_name: 'Lopez' });
    const company = await createVia(admin, 'companies', { name: 'Gone Holdings' });
    const store = await createVia(admin, 'stores', { name: 'Pier 9', company_id: company.id });
    const patched = await admin.patch(`/app/api/v1/stores/${store.id}`, {
      name: 'Pier 9',
      brand_id: brand.id,
      manager_id: manager.id,
      company_id: null,
    });
    expect(patched.status).toBe(200);
    expect((await admin.delete(`/app/api/v1/brands/${brand.id}`)).status).toBe(204);
    // Deleted for good (the trash purged), as the purge leaves it.
    await ctx.db.deleteFrom('companies').where('id', '=', company.id).execute();

    const history = (await admin.get(`/app/api/v1/stores/${store.id}/activities`)).body.data;
    const updated = history.find((a: { action: string }) => a.action === 'updated');
    expect(updated.changes).toEqual({
      brand_id: [null, { id: brand.id, name: 'Harbor Grill (deleted)' }],
      manager_id: [null, { id: manager.id, name: 'Mia Lopez' }],
      company_id: [{ id: company.id, name: `#${company.id} (deleted)` }, null],
    });
    const log = (
      await admin.get(
        `/app/api/v1/activities?filters[subject_type]=store&filters[subject_id]=${store.id}&filters[action]=updated`,
      )
    ).body.data;
    expect(log[0].changes.manager_id).toEqual([null, { id: manager.id, name: 'Mia Lopez' }]);
  });
});
