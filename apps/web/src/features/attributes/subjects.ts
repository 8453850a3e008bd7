import type { AttributeSubject } from '@storekeep/contracts';

/**
 * Record types whose screens show attributes today (leases and agreements: form and detail page only).
 * The API accepts definitions for documents too; their screens do not render them yet.
 */
export const EDITABLE_SUBJECTS: readonly AttributeSubject[] = [
  'stores',
  'companies',
  'brands',
  'contacts',
  'leases',
  'agreements',
];
