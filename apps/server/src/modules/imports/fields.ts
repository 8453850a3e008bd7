import {
  AGREEMENT_STATUSES,
  AGREEMENT_TYPES,
  COMPANY_KINDS,
  LEASE_STATUSES,
  LEASE_TYPES,
  REPORTING_FREQUENCIES,
  SALES_PERIODS,
  STORE_STATUSES,
  type Attribute,
  type ImportField,
  type ImportType,
} from '@storekeep/contracts';

/** Where a relation column's text is looked up: a table of the team and the columns that may equal it. */
export type Relation = {
  table: 'companies' | 'brands' | 'contacts' | 'stores';
  label: string;
  by: Array<'name' | 'email' | 'full_name' | 'store_number'>;
};

export type FieldSpec = {
  key: string;
  label: string;
  /** The column the value is written to (a relation writes the id it resolves to). */
  column: string;
  required?: boolean;
  /** Header words that mean this field besides its key and label (compared without case, spaces or punctuation). */
  synonyms?: string[];
  kind?: 'text' | 'date' | 'number' | 'choice' | 'list' | 'boolean';
  choices?: readonly string[];
  relation?: Relation;
  /** A team-defined attribute: the value goes to `attributes.<key>`, checked against its definition. */
  attribute?: Attribute;
  /** Existing records can be matched on this field. */
  matchKey?: boolean;
};

const address: FieldSpec[] = [
  {
    key: 'address_line1',
    label: 'Address line 1',
    column: 'address_line1',
    synonyms: ['address', 'street', 'address1', 'street address'],
  },
  {
    key: 'address_line2',
    label: 'Address line 2',
    column: 'address_line2',
    synonyms: ['address2', 'suite', 'unit'],
  },
  { key: 'city', label: 'City', column: 'city', synonyms: ['town', 'locality'] },
  { key: 'region', label: 'Region', column: 'region', synonyms: ['state', 'province', 'county'] },
  {
    key: 'postal_code',
    label: 'Postal code',
    column: 'postal_code',
    synonyms: ['zip', 'zip code', 'zipcode', 'postcode'],
  },
  { key: 'country', label: 'Country', column: 'country' },
];

/** An id from the system the rows come from; stored so a later import can update the same records. */
const externalId: FieldSpec = {
  key: 'external_id',
  label: 'External ID',
  column: '',
  synonyms: ['id', 'external id', 'source id', 'legacy id'],
  matchKey: true,
};

const company: Relation = { table: 'companies', label: 'company', by: ['name'] };
const storeRelation: Relation = { table: 'stores', label: 'store', by: ['store_number', 'name'] };

export const IMPORT_FIELDS: Record<ImportType, FieldSpec[]> = {
  companies: [
    {
      key: 'name',
      label: 'Name',
      column: 'name',
      required: true,
      synonyms: ['company', 'company name'],
      matchKey: true,
    },
    {
      key: 'legal_name',
      label: 'Legal name',
      column: 'legal_name',
      synonyms: ['legal entity', 'entity name'],
    },
    {
      key: 'kind',
      label: 'Kind',
      column: 'kind',
      kind: 'choice',
      choices: COMPANY_KINDS,
      synonyms: ['type', 'company type', 'role'],
    },
    { key: 'tax_id', label: 'Tax ID', column: 'tax_id', synonyms: ['ein', 'tin', 'vat', 'tax number'] },
    { key: 'email', label: 'E-mail', column: 'email', synonyms: ['email address', 'mail'] },
    { key: 'phone', label: 'Phone', column: 'phone', synonyms: ['telephone', 'phone number'] },
    { key: 'website', label: 'Website', column: 'website', synonyms: ['url', 'web', 'homepage'] },
    ...address,
    { key: 'description', label: 'Description', column: 'description', synonyms: ['notes'] },
    externalId,
  ],
  brands: [
    {
      key: 'name',
      label: 'Name',
      column: 'name',
      required: true,
      synonyms: ['brand', 'brand name'],
      matchKey: true,
    },
    {
      key: 'company',
      label: 'Owning company',
      column: 'company_id',
      relation: company,
      synonyms: ['company', 'franchisor', 'owner'],
    },
    { key: 'description', label: 'Description', column: 'description' },
    { key: 'website', label: 'Website', column: 'website', synonyms: ['url'] },
    externalId,
  ],
  stores: [
    {
      key: 'name',
      label: 'Name',
      column: 'name',
      required: true,
      synonyms: ['store', 'store name', 'location', 'location name'],
      matchKey: true,
    },
    {
      key: 'store_number',
      label: 'Store number',
      column: 'store_number',
      synonyms: ['number', 'store no', 'store #', 'store id', 'unit number', 'location number'],
      matchKey: true,
    },
    {
      key: 'brand',
      label: 'Brand',
      column: 'brand_id',
      relation: { table: 'brands', label: 'brand', by: ['name'] },
      synonyms: ['brand name', 'concept'],
    },
    {
      key: 'company',
      label: 'Operating company',
      column: 'company_id',
      relation: company,
      synonyms: ['company', 'franchisee', 'operator', 'operating company'],
    },
    { key: 'status', label: 'Status', column: 'status', kind: 'choice', choices: STORE_STATUSES },
    {
      key: 'opening_date',
      label: 'Opening date',
      column: 'opening_date',
      kind: 'date',
      synonyms: ['opened', 'open date', 'opening'],
    },
    {
      key: 'closing_date',
      label: 'Closing date',
      column: 'closing_date',
      kind: 'date',
      synonyms: ['closed', 'close date', 'closing'],
    },
    ...address,
    { key: 'latitude', label: 'Latitude', column: 'latitude', kind: 'number', synonyms: ['lat'] },
    {
      key: 'longitude',
      label: 'Longitude',
      column: 'longitude',
      kind: 'number',
      synonyms: ['lng', 'lon', 'long'],
    },
    { key: 'phone', label: 'Phone', column: 'phone', synonyms: ['telephone', 'phone number'] },
    { key: 'email', label: 'E-mail', column: 'email', synonyms: ['email address'] },
    {
      key: 'square_feet',
      label: 'Square feet',
      column: 'square_feet',
      kind: 'number',
      synonyms: ['sqft', 'sq ft', 'size', 'square footage'],
    },
    {
      key: 'manager',
      label: 'Manager',
      column: 'manager_id',
      relation: { table: 'contacts', label: 'manager', by: ['email', 'full_name'] },
      synonyms: ['store manager', 'manager email'],
    },
    externalId,
  ],
  contacts: [
    {
      key: 'first_name',
      label: 'First name',
      column: 'first_name',
      synonyms: ['first', 'given name', 'firstname'],
    },
    {
      key: 'last_name',
      label: 'Last name',
      column: 'last_name',
      synonyms: ['last', 'surname', 'family name', 'lastname'],
    },
    {
      key: 'company',
      label: 'Company',
      column: 'company_id',
      relation: company,
      synonyms: ['company name', 'organization', 'employer'],
    },
    { key: 'job_title', label: 'Job title', column: 'job_title', synonyms: ['title', 'position', 'role'] },
    { key: 'email', label: 'E-mail', column: 'email', synonyms: ['email address', 'mail'], matchKey: true },
    { key: 'phone', label: 'Phone', column: 'phone', synonyms: ['telephone', 'work phone', 'office phone'] },
    { key: 'mobile', label: 'Mobile', column: 'mobile', synonyms: ['cell', 'mobile phone', 'cell phone'] },
    ...address,
    { key: 'notes', label: 'Notes', column: 'notes', synonyms: ['note', 'comments'] },
    { key: 'name', label: 'Full name', column: '', synonyms: ['contact', 'contact name'], matchKey: true },
    externalId,
  ],
  leases: [
    {
      key: 'store',
      label: 'Store',
      column: 'store_id',
      required: true,
      relation: storeRelation,
      synonyms: ['store number', 'store #', 'store name', 'location', 'premises'],
    },
    {
      key: 'reference',
      label: 'Reference',
      column: 'reference',
      matchKey: true,
      synonyms: ['lease', 'lease id', 'lease number', 'lease reference'],
    },
    {
      key: 'status',
      label: 'Status',
      column: 'status',
      kind: 'choice',
      choices: LEASE_STATUSES,
      synonyms: ['lease status'],
    },
    {
      key: 'type',
      label: 'Type',
      column: 'type',
      kind: 'choice',
      choices: LEASE_TYPES,
      synonyms: ['lease type'],
    },
    {
      key: 'landlord',
      label: 'Landlord',
      column: 'landlord_id',
      relation: { ...company, label: 'landlord' },
      synonyms: ['lessor', 'owner'],
    },
    {
      key: 'tenant',
      label: 'Tenant',
      column: 'tenant_id',
      relation: { ...company, label: 'tenant' },
      synonyms: ['lessee'],
    },
    { key: 'suite', label: 'Suite', column: 'suite', synonyms: ['unit', 'space'] },
    {
      key: 'rentable_sqft',
      label: 'Rentable sq ft',
      column: 'rentable_sqft',
      kind: 'number',
      synonyms: ['rentable square feet', 'sqft', 'sq ft', 'square feet', 'rsf'],
    },
    { key: 'permitted_use', label: 'Permitted use', column: 'permitted_use', synonyms: ['use'] },
    {
      key: 'signed_date',
      label: 'Signed date',
      column: 'signed_date',
      kind: 'date',
      synonyms: ['signed', 'execution date'],
    },
    {
      key: 'commencement_date',
      label: 'Commencement date',
      column: 'commencement_date',
      kind: 'date',
      synonyms: ['commencement', 'start date', 'start'],
    },
    {
      key: 'rent_commencement_date',
      label: 'Rent commencement date',
      column: 'rent_commencement_date',
      kind: 'date',
      synonyms: ['rent start'],
    },
    {
      key: 'expiration_date',
      label: 'Expiration date',
      column: 'expiration_date',
      kind: 'date',
      synonyms: ['expiration', 'expiry', 'end date', 'expires', 'lease end'],
    },
    {
      key: 'monthly_rent',
      label: 'Monthly rent',
      column: 'monthly_rent',
      kind: 'number',
      synonyms: ['rent', 'base rent', 'monthly base rent'],
    },
    {
      key: 'security_deposit',
      label: 'Security deposit',
      column: 'security_deposit',
      kind: 'number',
      synonyms: ['deposit'],
    },
    {
      key: 'percentage_rent_breakpoint',
      label: 'Percentage rent breakpoint',
      column: 'percentage_rent_breakpoint',
      kind: 'number',
      synonyms: ['breakpoint'],
    },
    {
      key: 'percentage_rent_rate',
      label: 'Percentage rent rate',
      column: 'percentage_rent_rate',
      kind: 'number',
      synonyms: ['percentage rent', 'percentage rate'],
    },
  ],
  agreements: [
    {
      key: 'brand',
      label: 'Brand',
      column: 'brand_id',
      required: true,
      relation: { table: 'brands', label: 'brand', by: ['name'] },
      synonyms: ['brand name', 'concept'],
    },
    {
      key: 'franchisee',
      label: 'Franchisee',
      column: 'franchisee_id',
      relation: { ...company, label: 'franchisee' },
      synonyms: ['franchisee company', 'operator'],
    },
    {
      key: 'stores',
      label: 'Stores',
      column: 'store_ids',
      kind: 'list',
      relation: storeRelation,
      synonyms: ['store', 'store numbers', 'locations', 'units'],
    },
    {
      key: 'agreement_number',
      label: 'Agreement number',
      column: 'agreement_number',
      matchKey: true,
      synonyms: ['agreement', 'agreement #', 'agreement id', 'fa number', 'contract number'],
    },
    {
      key: 'type',
      label: 'Type',
      column: 'type',
      kind: 'choice',
      choices: AGREEMENT_TYPES,
      synonyms: ['agreement type'],
    },
    { key: 'status', label: 'Status', column: 'status', kind: 'choice', choices: AGREEMENT_STATUSES },
    { key: 'signed_date', label: 'Signed date', column: 'signed_date', kind: 'date', synonyms: ['signed'] },
    {
      key: 'effective_date',
      label: 'Effective date',
      column: 'effective_date',
      kind: 'date',
      synonyms: ['effective', 'start date', 'start'],
    },
    {
      key: 'opening_date',
      label: 'Opening date',
      column: 'opening_date',
      kind: 'date',
      synonyms: ['opening', 'opened'],
    },
    {
      key: 'expiration_date',
      label: 'Expiration date',
      column: 'expiration_date',
      kind: 'date',
      synonyms: ['expiration', 'expiry', 'end date', 'expires'],
    },
    {
      key: 'initial_term_months',
      label: 'Initial term (months)',
      column: 'initial_term_months',
      kind: 'number',
      synonyms: ['term', 'term months'],
    },
    {
      key: 'renewal_notice_days',
      label: 'Renewal notice days',
      column: 'renewal_notice_days',
      kind: 'number',
      synonyms: ['notice days', 'renewal notice'],
    },
    {
      key: 'royalty_percent',
      label: 'Royalty %',
      column: 'royalty_percent',
      kind: 'number',
      synonyms: ['royalty', 'royalty rate'],
    },
    {
      key: 'royalty_minimum',
      label: 'Royalty minimum',
      column: 'royalty_minimum',
      kind: 'number',
      synonyms: ['minimum royalty'],
    },
    {
      key: 'marketing_percent',
      label: 'Marketing fund %',
      column: 'marketing_percent',
      kind: 'number',
      synonyms: ['marketing', 'ad fund', 'marketing fund'],
    },
    {
      key: 'technology_fee',
      label: 'Technology fee',
      column: 'technology_fee',
      kind: 'number',
      synonyms: ['tech fee'],
    },
    {
      key: 'reporting_frequency',
      label: 'Reporting frequency',
      column: 'reporting_frequency',
      kind: 'choice',
      choices: REPORTING_FREQUENCIES,
      synonyms: ['reporting'],
    },
    {
      key: 'territory_description',
      label: 'Territory',
      column: 'territory_description',
      synonyms: ['territory description'],
    },
  ],
  // Metadata of documents already uploaded, found by id, file name or title.
  documents: [
    { key: 'id', label: 'Document ID', column: '', matchKey: true, synonyms: ['document id', 'doc id'] },
    {
      key: 'file_name',
      label: 'File name',
      column: '',
      matchKey: true,
      synonyms: ['file', 'filename', 'file name'],
    },
    {
      key: 'title',
      label: 'Title',
      column: 'title',
      matchKey: true,
      synonyms: ['document', 'name', 'document title'],
    },
    { key: 'category', label: 'Category', column: 'category', synonyms: ['type', 'document type'] },
    { key: 'description', label: 'Description', column: 'description', synonyms: ['notes'] },
    { key: 'tags', label: 'Tags', column: 'tags', kind: 'list', synonyms: ['tag', 'labels', 'keywords'] },
    {
      key: 'effective_date',
      label: 'Effective date',
      column: 'effective_date',
      kind: 'date',
      synonyms: ['effective', 'issued', 'issue date'],
    },
    {
      key: 'expiration_date',
      label: 'Expiration date',
      column: 'expiration_date',
      kind: 'date',
      synonyms: ['expiration', 'expiry', 'expires', 'valid until'],
    },
  ],
  sales: [
    {
      key: 'store',
      label: 'Store',
      column: 'store_id',
      required: true,
      relation: storeRelation,
      synonyms: ['store number', 'store #', 'store name', 'location', 'unit'],
    },
    {
      key: 'period',
      label: 'Period',
      column: 'period',
      kind: 'choice',
      choices: SALES_PERIODS,
      synonyms: ['frequency', 'period type'],
    },
    {
      key: 'period_start',
      label: 'Period start',
      column: 'period_start',
      required: true,
      kind: 'date',
      synonyms: ['month', 'week', 'date', 'day', 'period date', 'start'],
    },
    {
      key: 'gross',
      label: 'Gross sales',
      column: 'gross',
      required: true,
      kind: 'number',
      synonyms: ['gross', 'sales', 'revenue', 'total sales', 'gross revenue'],
    },
    { key: 'net', label: 'Net sales', column: 'net', kind: 'number', synonyms: ['net', 'net revenue'] },
  ],
};

const ATTRIBUTE_KINDS: Partial<Record<Attribute['type'], FieldSpec['kind']>> = {
  date: 'date',
  number: 'number',
  money: 'number',
  multi_select: 'list',
  boolean: 'boolean',
};

/** A team-defined attribute as an import field (`attr.<key>`), matched by its label. */
export const attributeField = (attribute: Attribute): FieldSpec => ({
  key: `attr.${attribute.key}`,
  label: attribute.label,
  column: '',
  required: attribute.required,
  kind: ATTRIBUTE_KINDS[attribute.type] ?? 'text',
  attribute,
});

export const describeFields = (fields: FieldSpec[]): ImportField[] =>
  fields.map((f) => ({
    key: f.key,
    label: f.label,
    required: !!f.required,
    match_key: !!f.matchKey,
    relation: f.relation?.label ?? null,
  }));

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9#]+/g, '');

/** Each field's column: a saved mapping's choice where that header still exists, else the header that names it. */
export function suggestMapping(
  fields: FieldSpec[],
  headers: string[],
  saved: Record<string, string> | null,
): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const field of fields) {
    const header = saved?.[field.key];
    if (header && headers.includes(header) && !taken.has(header)) {
      mapping[field.key] = header;
      taken.add(header);
    }
  }
  // Exact key or label first, then synonyms, so "Store number" is never taken by a looser match.
  for (const pass of ['names', 'synonyms'] as const) {
    for (const field of fields) {
      if (mapping[field.key]) continue;
      const words = pass === 'names' ? [field.key, field.label] : (field.synonyms ?? []);
      const wanted = new Set(words.map(squash));
      const header = headers.find((h) => !taken.has(h) && wanted.has(squash(h)));
      if (header) {
        mapping[field.key] = header;
        taken.add(header);
      }
    }
  }
  return mapping;
}
