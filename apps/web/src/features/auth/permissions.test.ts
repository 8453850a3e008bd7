import { describe, expect, it } from 'vitest';
import type { AuthUser, TeamRole } from '@storekeep/contracts';
import { can } from './permissions';

const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  notifications: 0,
  email_verified_at: '2026-01-01T00:00:00Z',
  pending_email: null,
  owns_team: false,
  team_role: 'manager',
  team_id: 1,
  company_ids: null,
  teams: [{ id: 1, name: 'Acme' }],
  subscription: { status: 'active' },
  is_demo: false,
  ...overrides,
});
const role = (team_role: TeamRole) => user({ team_role });

describe('can(user, action): a member limited to franchisee companies', () => {
  it('enters sales for their stores but writes no records and sees none of the team’s other pages', () => {
    const franchisee = user({ team_role: 'manager', company_ids: [7] });
    expect(can(franchisee, 'sales.enter')).toBe(true);
    expect(can(franchisee, 'records.write')).toBe(false);
    expect(can(franchisee, 'team.browse')).toBe(false);
    expect(can(user({ team_role: 'observer', company_ids: [7] }), 'sales.enter')).toBe(false);
    expect(can(user(), 'team.browse')).toBe(true);
  });
});

describe('can(user, action): team-wide actions by role', () => {
  it('lets managers and admins write records, never observers or a user without a team', () => {
    expect(can(role('observer'), 'records.write')).toBe(false);
    expect(can(role('manager'), 'records.write')).toBe(true);
    expect(can(role('admin'), 'records.write')).toBe(true);
    expect(can(user({ team_role: null, team_id: null }), 'records.write')).toBe(false);
  });

  it('keeps team administration to admins', () => {
    expect(can(role('manager'), 'team.admin')).toBe(false);
    expect(can(role('admin'), 'team.admin')).toBe(true);
  });

  it('shows billing only to the verified owner, never to the demo login', () => {
    expect(can(user({ owns_team: true, team_role: 'admin' }), 'billing.manage')).toBe(true);
    expect(can(user({ owns_team: false, team_role: 'admin' }), 'billing.manage')).toBe(false);
    expect(can(user({ owns_team: true, email_verified_at: null }), 'billing.manage')).toBe(false);
    expect(can(user({ owns_team: true, is_demo: true }), 'billing.manage')).toBe(false);
    expect(can(user({ is_demo: true }), 'profile.edit')).toBe(false);
    expect(can(user(), 'profile.edit')).toBe(true);
  });

  it('sends only the owner of a closed team to reactivate', () => {
    const closed = { status: 'canceled' as const };
    expect(can(user({ owns_team: true, subscription: closed }), 'subscription.reactivate')).toBe(true);
    expect(can(user({ owns_team: true }), 'subscription.reactivate')).toBe(false);
    expect(can(user({ subscription: closed }), 'subscription.reactivate')).toBe(false);
  });

  it('denies everything to a guest', () => {
    expect(can(null, 'profile.edit')).toBe(false);
    expect(can(undefined, 'records.write')).toBe(false);
  });
});

describe('can(abilities, action): what the server allows on one record', () => {
  it('allows exactly what the server granted', () => {
    const abilities = { update: true, delete: false };
    expect(can(abilities, 'update')).toBe(true);
    expect(can(abilities, 'delete')).toBe(false);
  });

  it('denies an ability the server did not name, and a record without abilities', () => {
    expect(can({ update: true }, 'delete')).toBe(false);
    expect(can({}, 'update')).toBe(false);
    expect(can(undefined, 'update')).toBe(false);
  });

  it('does not read a role rule out of a record’s abilities', () => {
    expect(can({ 'records.write': true, update: false }, 'update')).toBe(false);
  });
});
