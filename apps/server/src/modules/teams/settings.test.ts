import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

describe('team reminder settings', () => {
  it('are read by every member and changed only by admins', async () => {
    const { admin, manager, observer, team } = await teamWithRoles(ctx);
    const url = `/app/api/v1/teams/${team.id}/settings`;
    for (const client of [admin, manager, observer]) {
      expect((await client.get(url)).body.data).toEqual({ lead_days: [180, 90, 30, 7], window_days: 180, alignment_days: 90 });
    }
    expect((await observer.patch(url, { window_days: 90 })).status).toBe(403);
    expect((await manager.patch(url, { window_days: 90 })).status).toBe(403);
    const saved = await admin.patch(url, { lead_days: [7, 60, 60], window_days: 120, alignment_days: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ lead_days: [60, 7], window_days: 120, alignment_days: 0 });
    expect((await observer.get(url)).body.data).toEqual(saved.body.data);
  });

  it('accept the form’s comma-separated lead times and name the field of each mistake', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const url = `/app/api/v1/teams/${team.id}/settings`;
    expect((await admin.patch(url, { lead_days: '180, 90 ,30' })).body.data.lead_days).toEqual([180, 90, 30]);
    const bad = await admin.patch(url, { lead_days: '90, soon', window_days: 0, alignment_days: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      lead_days: ['Each of the notice lead times must be a whole number of days between 1 and 3650.'],
      window_days: ['The inbox window must be between 1 and 3650.'],
      alignment_days: ['The alignment tolerance must be between 0 and 3650.'],
    });
    expect((await admin.patch(url, { lead_days: [] })).body.errors).toEqual({ lead_days: ['The notice lead times field is required.'] });
    expect((await admin.patch(url, { lead_days: [1, 2, 3, 4, 5, 6, 7] })).body.errors.lead_days).toEqual(['The notice lead times may have at most 6 values.']);
    expect((await admin.patch(url, { window_days: 1.5 })).body.errors.window_days).toEqual(['The inbox window must be an integer.']);
  });

  it('of another team are a 404 for reading and writing', async () => {
    const { admin } = await teamWithRoles(ctx);
    const other = await teamWithRoles(ctx);
    expect((await admin.get(`/app/api/v1/teams/${other.team.id}/settings`)).status).toBe(404);
    expect((await admin.patch(`/app/api/v1/teams/${other.team.id}/settings`, { window_days: 30 })).status).toBe(404);
    expect((await other.admin.get(`/app/api/v1/teams/${other.team.id}/settings`)).body.data.window_days).toBe(180);
  });
});
