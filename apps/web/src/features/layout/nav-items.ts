import {
  Bell,
  Building2,
  ChartColumn,
  FilePen,
  FileText,
  Handshake,
  LayoutDashboard,
  Receipt,
  Store,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';

/**
 * `franchisee`: shown to a member limited to companies too (the API narrows it to their companies' records);
 * `'only'`: to them alone (the franchisor reaches the page from another, e.g. Invoices from Sales).
 */
export type NavItem = {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  badge?: 'notifications';
  franchisee?: true | 'only';
};

/** Whether the sidebar shows `item` to a user who sees the whole team (`wholeTeam`) or a franchisee's member. */
export const showsNavItem = (item: NavItem, wholeTeam: boolean) =>
  wholeTeam ? item.franchisee !== 'only' : item.franchisee !== undefined;

/** The app shell's sections (PRODUCT-SPEC §2), in sidebar order. */
export const navItems: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard, franchisee: true },
  { to: '/companies', labelKey: 'nav.companies', icon: Building2 },
  { to: '/brands', labelKey: 'nav.brands', icon: Tags },
  { to: '/stores', labelKey: 'nav.stores', icon: Store, franchisee: true },
  { to: '/leases', labelKey: 'nav.leases', icon: FilePen, franchisee: true },
  { to: '/agreements', labelKey: 'nav.agreements', icon: Handshake, franchisee: true },
  { to: '/sales', labelKey: 'nav.sales', icon: ChartColumn, franchisee: true },
  { to: '/invoices', labelKey: 'nav.invoices', icon: Receipt, franchisee: 'only' },
  { to: '/contacts', labelKey: 'nav.contacts', icon: Users },
  { to: '/documents', labelKey: 'nav.documents', icon: FileText, franchisee: true },
  { to: '/reminders', labelKey: 'nav.notifications', icon: Bell, badge: 'notifications', franchisee: true },
];
