import type { AuthUser } from '@storekeep/contracts';
import { i18n } from '../../lib/translate';
import { can, type Action } from '../auth/permissions';
import { navItems } from '../layout/nav-items';
import type { ResultGroup } from './types';

/** A page to open or an action to start, found by typing its name (or a synonym) in the search box. */
type Command = { to: string; labelKey: string; keywords?: string; needs?: Action };

const PAGES: Command[] = [
  // A franchisee's member is offered only the sections their sidebar shows.
  ...navItems.map((item) => ({
    to: item.to,
    labelKey: item.labelKey,
    ...(item.franchisee ? {} : { needs: 'team.browse' as const }),
  })),
  {
    to: '/import',
    labelKey: 'palette.pages.import',
    keywords: 'upload spreadsheet csv xlsx',
    needs: 'records.write',
  },
  { to: '/payables', labelKey: 'menu.payables', keywords: 'rent payments ap', needs: 'team.browse' },
  {
    to: '/lease-accounting',
    labelKey: 'menu.leaseAccounting',
    keywords: 'asc 842 ifrs 16 close disclosures borrowing rate',
    needs: 'records.write',
  },
  {
    to: '/franchise-calendar',
    labelKey: 'menu.franchiseCalendar',
    keywords: 'fdd disclosure registration renewal fiscal year',
    needs: 'records.write',
  },
  { to: '/activities', labelKey: 'menu.auditLogs', keywords: 'history log', needs: 'team.admin' },
  { to: '/account/team', labelKey: 'menu.team', keywords: 'members invite settings', needs: 'team.admin' },
  { to: '/account/attributes', labelKey: 'menu.attributes', keywords: 'custom fields', needs: 'team.admin' },
  { to: '/account/profile', labelKey: 'menu.editProfile', keywords: 'password account' },
  {
    to: '/account/billing',
    labelKey: 'menu.billing',
    keywords: 'subscription plan',
    needs: 'billing.manage',
  },
];

const CREATE = 'new create add';
const ACTIONS: Command[] = [
  { to: '/leases/create', labelKey: 'palette.actions.newLease', keywords: CREATE, needs: 'records.write' },
  {
    to: '/agreements/create',
    labelKey: 'palette.actions.newAgreement',
    keywords: CREATE,
    needs: 'records.write',
  },
  { to: '/stores/create', labelKey: 'palette.actions.newStore', keywords: CREATE, needs: 'records.write' },
  {
    to: '/companies/create',
    labelKey: 'palette.actions.newCompany',
    keywords: CREATE,
    needs: 'records.write',
  },
  {
    to: '/contacts/create',
    labelKey: 'palette.actions.newContact',
    keywords: CREATE,
    needs: 'records.write',
  },
  ...(['stores', 'leases', 'agreements', 'sales', 'companies', 'contacts'] as const).map((type) => ({
    to: `/import/${type}`,
    labelKey: `palette.actions.import.${type}`,
    keywords: 'upload spreadsheet csv xlsx',
    needs: 'records.write' as const,
  })),
];

/** Commands shown per group: enough to pick from, few enough to leave room for records. */
const LIMIT = 5;

function matches(command: Command, label: string, words: string[]): boolean {
  const haystack = `${label} ${command.keywords ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The pages and actions whose name (or synonyms) holds every typed word, for this user's role. */
export function matchCommands(query: string, user: AuthUser): ResultGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const pick = (commands: Command[]) =>
    commands
      .filter((command) => !command.needs || can(user, command.needs))
      .map((command) => ({ command, label: i18n.t(command.labelKey) }))
      .filter(({ command, label }) => matches(command, label, words))
      .slice(0, LIMIT)
      .map(({ command, label }) => ({ id: command.to, title: label }));
  return [
    { type: 'actions' as const, data: pick(ACTIONS) },
    { type: 'pages' as const, data: pick(PAGES) },
  ].filter((group) => group.data.length > 0);
}
