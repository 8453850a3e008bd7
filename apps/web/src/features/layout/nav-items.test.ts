import { describe, expect, it } from 'vitest';
import { navItems, showsNavItem } from './nav-items';

const shown = (wholeTeam: boolean) =>
  navItems.filter((item) => showsNavItem(item, wholeTeam)).map((item) => item.to);

describe('the sidebar’s sections', () => {
  it('gives a franchisee’s member their own sections, Invoices among them', () => {
    expect(shown(false)).toEqual([
      '/dashboard',
      '/stores',
      '/leases',
      '/agreements',
      '/sales',
      '/invoices',
      '/documents',
      '/reminders',
    ]);
  });

  it('leaves the franchisor’s sidebar as it was: Invoices opens from the Sales page', () => {
    expect(shown(true)).toEqual([
      '/dashboard',
      '/companies',
      '/brands',
      '/stores',
      '/leases',
      '/agreements',
      '/sales',
      '/contacts',
      '/documents',
      '/reminders',
    ]);
  });
});
