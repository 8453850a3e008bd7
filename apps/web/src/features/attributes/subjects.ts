import type { AttributeSubject } from '@storekeep/contracts';

/**
 * Record types whose forms, lists and detail pages show attributes today. The API accepts definitions
 * for leases, agreements and documents too; their screens do not render them yet.
 */
export const EDITABLE_SUBJECTS: readonly AttributeSubject[] = ['stores', 'companies', 'brands', 'contacts'];
