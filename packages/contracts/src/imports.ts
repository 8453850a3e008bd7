import { z } from 'zod';
import { oneOf, validationMessage } from './validation';

/** What can be imported today; each type's columns are described by the server (`fields` of an import). */
export const IMPORT_TYPES = [
  'companies',
  'brands',
  'stores',
  'contacts',
  'leases',
  'agreements',
  'sales',
  'documents',
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** create: only new records (matches are skipped); create_update: update matches, create the rest; update: only matches. */
export const IMPORT_MODES = ['create', 'create_update', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATUSES = [
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Rows per write transaction: short enough that other writers never wait long behind an import. */
export const IMPORT_BATCH_SIZE = 500;
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_MAX_ROWS = 200_000;

export const importFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** Keys this field can match existing records on. */
  match_key: z.boolean(),
  /** A related record found by its name (or store number, or e-mail). */
  relation: z.string().nullable(),
});
export type ImportField = z.infer<typeof importFieldSchema>;

/** Field key → column header of the file. */
export const importMappingSchema = z.record(z.string().max(100), z.string().max(255));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  type: z.enum(IMPORT_TYPES),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  headers: z.array(z.string()),
  fields: z.array(importFieldSchema),
  /** The modes this type offers: leases and agreements are only created, documents' metadata only updated. */
  modes: z.array(z.enum(IMPORT_MODES)),
  mapping: importMappingSchema,
  mode: z.enum(IMPORT_MODES).nullable(),
  match_key: z.string().nullable(),
  skip_invalid: z.boolean(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
  error_count: z.number().int(),
  message: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  can_undo: z.boolean(),
});
export type ImportDto = z.infer<typeof importSchema>;

export const importOptionsSchema = z.object({
  mapping: importMappingSchema,
  sheet: z.string().max(255).nullish(),
  mode: oneOf(IMPORT_MODES, 'mode').default('create'),
  match_key: z.string().max(100).nullish(),
  skip_invalid: z.boolean().default(false),
});
export type ImportOptions = z.input<typeof importOptionsSchema>;

export const importPreviewRowSchema = z.object({
  row_number: z.number().int(),
  values: z.record(z.string(), z.string()),
  action: z.enum(['create', 'update', 'skip']),
  errors: z.record(z.string(), z.array(z.string())),
});
export const importPreviewSchema = z.object({
  rows: z.array(importPreviewRowSchema),
  total_rows: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importTypeParamSchema = z.object({
  type: z.enum(IMPORT_TYPES, { error: validationMessage('in', 'type') }),
});
