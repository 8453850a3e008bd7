import type { AuthUser } from '@storekeep/contracts';
import { can } from './permissions';

/**
 * Whether `user` opens the pages of records of `type` (a record type's path segment: `stores`, `leases`…): the
 * whole team opens every one; a franchisee's member their stores, leases and agreements, which the API narrows
 * to their companies (another record's name is shown instead of a link to a page they are refused).
 */
export const opensRecordPage = (user: AuthUser, type: string) =>
  can(user, 'team.browse') || FRANCHISEE_RECORD_PAGES.includes(type);
const FRANCHISEE_RECORD_PAGES: readonly string[] = ['stores', 'leases', 'agreements'];
