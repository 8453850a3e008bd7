/**
 * The table behind each resource's URL name (`/app/api/v1/<name>`, attribute subjects, link types): the same
 * word except franchise agreements, whose URL is `agreements`.
 */
export const RESOURCE_TABLES = {
  companies: 'companies',
  brands: 'brands',
  stores: 'stores',
  contacts: 'contacts',
  leases: 'leases',
  agreements: 'franchise_agreements',
  documents: 'documents',
} as const;
