import { z } from 'zod';
import { attributeValuesOutSchema } from './attributes';
import { abilitiesSchema } from './common';
import {
  blankOrNumericText,
  blankToNull,
  emailField,
  oneOf,
  optionalDateField,
  optionalString,
  requiredString,
  validationMessage,
  withScheme,
} from './validation';
import { COMPANY_KINDS, RECORD_TYPES, STORE_STATUSES } from './lists';

// ---------- field helpers ----------

/** Blank form values ('' or absent) mean "no value": they become null before the rule runs. */

const optionalEmail = (label = 'email') => z.preprocess(blankToNull, emailField(label).nullable());

const optionalUrl = (label: string) =>
  z.preprocess(
    (value) => withScheme(blankToNull(value)),
    z
      .string()
      .trim()
      .max(255, { error: validationMessage('max_string', label, { max: 255 }) })
      .regex(/^https?:\/\/[^\s.]+\.[^\s]+$/i, { error: validationMessage('url', label) })
      .nullable(),
  );

const numeric = blankOrNumericText;

const optionalId = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('in', label) })
      .int({ error: validationMessage('in', label) })
      .positive({ error: validationMessage('in', label) })
      .nullable(),
  );

const optionalNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('between', label, { min, max }) })
      .min(min, { error: validationMessage('min_numeric', label, { min }) })
      .max(max, { error: validationMessage('max_numeric', label, { max }) })
      .nullable(),
  );

/** Postal address used by companies, stores and contacts. */
export const addressShape = {
  address_line1: optionalString('address line 1', 255),
  address_line2: optionalString('address line 2', 255),
  city: optionalString('city', 120),
  region: optionalString('region', 120),
  postal_code: optionalString('postal code', 20),
  country: optionalString('country', 2 * 60),
};

// ---------- inputs (create; update accepts any subset) ----------

export const companyInputSchema = z.object({
  name: requiredString('name', 255),
  legal_name: optionalString('legal name', 255),
  kind: oneOf(COMPANY_KINDS, 'kind').default('other'),
  tax_id: optionalString('tax id', 50),
  email: optionalEmail(),
  phone: optionalString('phone', 50),
  website: optionalUrl('website'),
  ...addressShape,
  description: optionalString('description', 5000),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

export const brandInputSchema = z.object({
  name: requiredString('name', 255),
  company_id: optionalId('company'),
  description: optionalString('description', 5000),
  website: optionalUrl('website'),
});
export type BrandInput = z.input<typeof brandInputSchema>;

export const storeInputSchema = z.object({
  name: requiredString('name', 255),
  store_number: z
    .string()
    .trim()
    .max(50, { error: validationMessage('max_string', 'store number', { max: 50 }) })
    .regex(/^[A-Za-z0-9-]*$/, { error: validationMessage('alpha_num', 'store number') })
    .nullish()
    .transform((value) => (value ? value : null)),
  brand_id: optionalId('brand'),
  company_id: optionalId('operating company'),
  status: oneOf(STORE_STATUSES, 'status').default('planned'),
  opening_date: optionalDateField('opening date'),
  closing_date: optionalDateField('closing date'),
  ...addressShape,
  latitude: optionalNumber('latitude', -90, 90),
  longitude: optionalNumber('longitude', -180, 180),
  phone: optionalString('phone', 50),
  email: optionalEmail(),
  square_feet: optionalNumber('square feet', 0, 10_000_000),
  manager_id: optionalId('manager'),
});
export type StoreInput = z.input<typeof storeInputSchema>;

export const contactInputSchema = z.object({
  first_name: optionalString('first name', 120),
  last_name: optionalString('last name', 120),
  company_id: optionalId('company'),
  job_title: optionalString('job title', 120),
  email: optionalEmail(),
  phone: optionalString('phone', 50),
  mobile: optionalString('mobile', 50),
  ...addressShape,
  notes: optionalString('notes', 5000),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** Cross-field rules, applied to the whole record (on update: the stored record with the changes). */
export const storeRules = z
  .object({ opening_date: z.string().nullable(), closing_date: z.string().nullable() })
  .superRefine((value, ctx) => {
    if (value.opening_date && value.closing_date && !(value.closing_date > value.opening_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['closing_date'],
        message: validationMessage('after', 'closing date', { other: 'opening date' }),
      });
    }
  });

export const contactRules = z
  .object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
  })
  .superRefine((value, ctx) => {
    if (!value.first_name && !value.last_name && !value.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['first_name'],
        message: validationMessage('required_unless', 'first name', { other: 'last name or email' }),
      });
    }
  });

// ---------- outputs ----------

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();
export type RecordRef = z.infer<typeof ref>;

export const imageSchema = z.object({ thumb_url: z.string(), display_url: z.string() }).nullable();

const recordMeta = {
  id: z.number().int(),
  image: imageSchema,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  abilities: abilitiesSchema,
  /** Team-defined attributes (live ones): key → value. */
  attributes: attributeValuesOutSchema,
};

const addressOut = {
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
};

export const companySchema = z.object({
  ...recordMeta,
  name: z.string(),
  legal_name: z.string().nullable(),
  kind: z.enum(COMPANY_KINDS),
  tax_id: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  ...addressOut,
  description: z.string().nullable(),
  counts: z
    .object({ brands: z.number().int(), stores: z.number().int(), contacts: z.number().int() })
    .optional(),
});
export type Company = z.infer<typeof companySchema>;

export const brandSchema = z.object({
  ...recordMeta,
  name: z.string(),
  company: ref,
  description: z.string().nullable(),
  website: z.string().nullable(),
  counts: z.object({ stores: z.number().int() }).optional(),
});
export type Brand = z.infer<typeof brandSchema>;

export const storeSchema = z.object({
  ...recordMeta,
  name: z.string(),
  store_number: z.string().nullable(),
  brand: ref,
  company: ref,
  status: z.enum(STORE_STATUSES),
  opening_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  ...addressOut,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  square_feet: z.number().nullable(),
  manager: ref,
  /** Occupancy cost ÷ sales over the trailing twelve months (decision 0027); null when not known. */
  occupancy_ratio: z.number().nullable(),
  /** A month of the window has no sales, so there is no ratio. */
  occupancy_incomplete: z.boolean(),
});
export type Store = z.infer<typeof storeSchema>;

export const contactSchema = z.object({
  ...recordMeta,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string(),
  company: ref,
  job_title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  ...addressOut,
  notes: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

// ---------- notes ----------

export const noteInputSchema = z.object({ body: requiredString('note', 10_000) });
export type NoteInput = z.input<typeof noteInputSchema>;

export const noteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: ref,
  created_at: z.string(),
  updated_at: z.string(),
  abilities: abilitiesSchema,
});
export type Note = z.infer<typeof noteSchema>;

// ---------- audit log ----------

export const activitySchema = z.object({
  id: z.number().int(),
  user: ref,
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
/** An entry of one record's history, which every member who sees the record reads: the IP stays in the admins' audit log. */
export const recordActivitySchema = activitySchema.omit({ ip: true });
export type RecordActivity = z.infer<typeof recordActivitySchema>;

export const TRASH_TYPES = [...RECORD_TYPES, 'documents', 'leases', 'agreements'] as const;

export const trashItemSchema = z.object({
  type: z.enum(TRASH_TYPES),
  id: z.number().int(),
  title: z.string(),
  deleted_at: z.string(),
  purge_at: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;
