import { z } from 'zod';
import { abilitiesSchema } from './common';
import { attributeValuesOutSchema } from './attributes';
import { RECORD_TYPES } from './lists';
import { optionalDateField, optionalString, requiredString, validationMessage } from './validation';

/** Built-in categories; admins add their own per team. */
export const DOCUMENT_CATEGORIES = {
  lease: 'Lease',
  lease_amendment: 'Lease amendment',
  franchise_agreement: 'Franchise agreement',
  insurance_certificate: 'Insurance certificate',
  licence_or_permit: 'Licence or permit',
  financial: 'Financial',
  correspondence: 'Correspondence',
  other: 'Other',
} as const;

export const TEXT_STATUSES = ['pending', 'done', 'failed', 'none'] as const;
export type DocumentTextStatus = (typeof TEXT_STATUSES)[number];

/** What a document can be linked to: the records, and leases and franchise agreements. */
export const LINKABLE_TYPES = [...RECORD_TYPES, 'leases', 'agreements'] as const;
export type LinkableType = (typeof LINKABLE_TYPES)[number];
/** The record types a franchisee's member reaches, and so the links that can show them a shared document. */
export const SCOPED_LINK_TYPES = [
  'companies',
  'stores',
  'leases',
  'agreements',
] as const satisfies readonly LinkableType[];

export const tagsField = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(60, { error: validationMessage('max_string', 'tag', { max: 60 }) }),
  )
  .max(30, { error: 'A document may have at most 30 tags.' })
  .transform((tags) => [...new Set(tags.map((t) => t.toLowerCase()))]);

/** Metadata a user edits; on upload the same fields arrive as multipart fields. */
export const documentFieldsSchema = z.object({
  title: requiredString('title', 255),
  category: z
    .string()
    .trim()
    .min(1, { error: validationMessage('required', 'category') })
    .max(60)
    .default('other'),
  description: optionalString('description', 5000),
  tags: tagsField.default([]),
  effective_date: optionalDateField('effective date'),
  expiration_date: optionalDateField('expiration date'),
  /** Shown to the franchisees whose records it is linked to (decision 0023); managers set it, off by default. */
  shared: z.boolean({ error: 'The shared field must be true or false.' }).default(false),
});

export const documentInputSchema = documentFieldsSchema.superRefine((value, ctx) => {
  if (value.effective_date && value.expiration_date && !(value.expiration_date > value.effective_date)) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiration_date'],
      message: validationMessage('after', 'expiration date', { other: 'effective date' }),
    });
  }
});
export type DocumentInput = z.input<typeof documentInputSchema>;

export const documentLinkInputSchema = z.object({
  type: z.enum(LINKABLE_TYPES, { error: validationMessage('in', 'type') }),
  id: z.coerce
    .number({ error: validationMessage('in', 'record') })
    .int()
    .positive({ error: validationMessage('in', 'record') }),
});
export type DocumentLinkInput = z.input<typeof documentLinkInputSchema>;

export const documentCategoryInputSchema = z.object({ name: requiredString('name', 100) });

const userRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const documentVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  text_status: z.enum(TEXT_STATUSES),
  /** Why text extraction failed (a size, page or time limit, or an unreadable file); null otherwise. */
  text_error: z.string().nullable(),
  uploaded_by: userRef,
  created_at: z.string(),
  /** Signed, expiring download link of this version. */
  url: z.string().optional(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const documentLinkSchema = z.object({
  type: z.enum(LINKABLE_TYPES),
  id: z.number().int(),
  name: z.string(),
});

export const documentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  category_name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  effective_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  text_status: z.enum(TEXT_STATUSES),
  current_version: documentVersionSchema.nullable(),
  version_count: z.number().int(),
  links: z.array(documentLinkSchema),
  uploaded_by: userRef,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** Shared with the franchisees whose records it is linked to: only these are shown to their members. */
  shared: z.boolean(),
  abilities: abilitiesSchema,
  /** Team-defined attributes of documents (live ones): key → value. */
  attributes: attributeValuesOutSchema,
  /** Only on `GET /documents/{id}`: a signed link to the current file that expires in minutes (spec §7). */
  url: z.string().optional(),
});
export type DocumentDto = z.infer<typeof documentSchema>;

export const documentCategorySchema = z.object({ slug: z.string(), name: z.string(), built_in: z.boolean() });

export const DOCUMENT_SORTS = ['title', 'created_at', 'updated_at', 'expiration_date', 'category'] as const;
export const DOCUMENT_FILTERS = [
  'category',
  'tag',
  'linked_type',
  'linked_id',
  'expiring_before',
  'uploaded_by',
  'from',
  'to',
] as const;
