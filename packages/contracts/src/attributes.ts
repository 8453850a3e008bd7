import { z } from 'zod';
import { isWholeCents } from './money';
import { oneOf, requiredString, validationMessage, withScheme } from './validation';

/**
 * Team-defined attributes: extra fields a team adds to a record type. The same value rules
 * run in the record forms (web) and in the record APIs and imports (server): `attributeValueSchema`.
 */
export const ATTRIBUTE_SUBJECTS = [
  'companies',
  'brands',
  'stores',
  'contacts',
  'leases',
  'agreements',
  'documents',
] as const;
export type AttributeSubject = (typeof ATTRIBUTE_SUBJECTS)[number];

export const ATTRIBUTE_TYPES = [
  'text',
  'long_text',
  'number',
  'money',
  'date',
  'boolean',
  'select',
  'multi_select',
  'url',
  'email',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Types whose values lists can sort by (one value per record, in an indexed column). */
export const SORTABLE_ATTRIBUTE_TYPES: readonly AttributeType[] = ATTRIBUTE_TYPES.filter(
  (type) => type !== 'long_text' && type !== 'multi_select',
);
/** Types lists can filter by (equality on an indexed column). */
export const FILTERABLE_ATTRIBUTE_TYPES: readonly AttributeType[] = ATTRIBUTE_TYPES.filter(
  (type) => type !== 'long_text',
);
export const OPTION_TYPES: readonly AttributeType[] = ['select', 'multi_select'];

export const MAX_ATTRIBUTES_PER_TYPE = 100;

/**
 * Keys an attribute may not take: the names every plain object inherits (in the lower case a key is
 * written in). Values travel as `{ key: value }` objects in bodies, imports and forms, where such a key
 * would read the inherited member instead of the value.
 */
export const RESERVED_ATTRIBUTE_KEYS: readonly string[] = [
  '__proto__',
  '__definegetter__',
  '__definesetter__',
  '__lookupgetter__',
  '__lookupsetter__',
  'constructor',
  'prototype',
  'hasownproperty',
  'isprototypeof',
  'propertyisenumerable',
  'tolocalestring',
  'tostring',
  'valueof',
];
export const isReservedAttributeKey = (key: string) => RESERVED_ATTRIBUTE_KEYS.includes(key.toLowerCase());
export const MAX_OPTIONS = 100;

const option = requiredString('option', 100);
const optionsSchema = z
  .array(option, { error: 'The options must be a list.' })
  .max(MAX_OPTIONS, { error: `The options may not have more than ${MAX_OPTIONS} items.` })
  .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, {
    error: 'The options must be distinct.',
  });

export const attributeCreateSchema = z
  .object({
    subject_type: oneOf(ATTRIBUTE_SUBJECTS, 'record type'),
    label: requiredString('label', 100),
    /** Stable name in the API, imports and list URLs; derived from the label when absent. */
    key: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .trim()
        .max(50, { error: validationMessage('max_string', 'key', { max: 50 }) })
        .regex(/^[a-z][a-z0-9_]*$/, {
          error:
            'The key must start with a letter and contain only lower-case letters, digits and underscores.',
        })
        .refine((key) => !isReservedAttributeKey(key), { error: 'The key is reserved; choose another.' })
        .optional(),
    ),
    type: oneOf(ATTRIBUTE_TYPES, 'type'),
    required: z.boolean().default(false),
    options: optionsSchema.default([]),
    /** Date attributes only: keep a reminder per record for its date, like built-in critical dates. */
    reminder: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.reminder && value.type !== 'date')
      ctx.addIssue({
        code: 'custom',
        path: ['reminder'],
        message: 'Only date attributes can create reminders.',
      });
    if (OPTION_TYPES.includes(value.type) && value.options.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'The options field is required for a select.',
      });
  });
export type AttributeCreateInput = z.input<typeof attributeCreateSchema>;

/** Key, type and record type are fixed once made: stored values, saved filters and import mappings depend on them. */
export const attributeUpdateSchema = z.object({
  label: requiredString('label', 100).optional(),
  required: z.boolean().optional(),
  options: optionsSchema.optional(),
  reminder: z.boolean().optional(),
});
export type AttributeUpdateInput = z.input<typeof attributeUpdateSchema>;

export const attributeReorderSchema = z.object({
  subject_type: oneOf(ATTRIBUTE_SUBJECTS, 'record type'),
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(MAX_ATTRIBUTES_PER_TYPE * 2),
});

export const attributeListQuerySchema = z.object({
  subject_type: oneOf(ATTRIBUTE_SUBJECTS, 'record type').optional(),
  archived: z.enum(['0', '1']).optional(),
});

export const attributeSchema = z.object({
  id: z.number().int(),
  subject_type: z.enum(ATTRIBUTE_SUBJECTS),
  key: z.string(),
  label: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  position: z.number().int(),
  reminder: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Attribute = z.infer<typeof attributeSchema>;

// ---------- values ----------

export const attributeValueOutSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type AttributeValue = z.infer<typeof attributeValueOutSchema>;
/** `attributes` of a record DTO: key → value, live attributes only. */
export const attributeValuesOutSchema = z.record(z.string(), attributeValueOutSchema);
/** `attributes` of a record body; each value is checked against the team's definitions. */
export const attributeValuesInputSchema = z.record(z.string(), z.unknown(), {
  error: 'The attributes must be an object.',
});

type ValueDefinition = Pick<Attribute, 'label' | 'type' | 'required' | 'options'>;

const blank = (value: unknown) =>
  value === '' || value === undefined || (Array.isArray(value) && value.length === 0) ? null : value;
const toNumber = (value: unknown) => {
  const v = blank(value);
  return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
};
const toBoolean = (value: unknown) => {
  const v = blank(value);
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return v;
};

/**
 * The rule for one attribute's value, from its definition. Blank means "no value" (null), which is
 * refused only when the attribute is required. Money is a decimal amount with at most two decimals.
 */
export function attributeValueSchema(definition: ValueDefinition): z.ZodType<AttributeValue> {
  const label = definition.label.toLowerCase();
  const base = valueRule(definition, label);
  return z
    .preprocess(
      definition.type === 'boolean'
        ? toBoolean
        : ['number', 'money'].includes(definition.type)
          ? toNumber
          : blank,
      base.nullable(),
    )
    .superRefine((value, ctx) => {
      if (definition.required && value === null)
        ctx.addIssue({ code: 'custom', message: validationMessage('required', label) });
    }) as z.ZodType<AttributeValue>;
}

function valueRule(definition: ValueDefinition, label: string): z.ZodType<AttributeValue> {
  const inOptions = (v: string) => definition.options.includes(v);
  switch (definition.type) {
    case 'text':
      return z
        .string({ error: validationMessage('max_string', label, { max: 255 }) })
        .trim()
        .max(255, { error: validationMessage('max_string', label, { max: 255 }) });
    case 'long_text':
      return z
        .string({ error: validationMessage('max_string', label, { max: 10_000 }) })
        .trim()
        .max(10_000, { error: validationMessage('max_string', label, { max: 10_000 }) });
    case 'number':
      return z
        .number({ error: validationMessage('between', label, { min: -1e12, max: 1e12 }) })
        .min(-1e12, { error: validationMessage('min_numeric', label, { min: -1e12 }) })
        .max(1e12, { error: validationMessage('max_numeric', label, { max: 1e12 }) });
    case 'money':
      return z
        .number({ error: validationMessage('between', label, { min: 0, max: 1e12 }) })
        .min(-1e12, { error: validationMessage('min_numeric', label, { min: -1e12 }) })
        .max(1e12, { error: validationMessage('max_numeric', label, { max: 1e12 }) })
        .refine(isWholeCents, {
          error: `The ${label} may have at most 2 decimals.`,
        });
    case 'date':
      return z.iso.date({ error: validationMessage('date', label) });
    case 'boolean':
      return z.boolean({ error: `The ${label} field must be true or false.` });
    case 'select':
      return z
        .string({ error: validationMessage('in', label) })
        .refine(inOptions, { error: validationMessage('in', label) });
    case 'multi_select':
      return z
        .array(z.string({ error: validationMessage('in', label) }), { error: validationMessage('in', label) })
        .refine((values) => values.every(inOptions), { error: validationMessage('in', label) })
        .transform((values) => definition.options.filter((o) => values.includes(o)));
    case 'url':
      return z.preprocess(
        withScheme,
        z
          .string({ error: validationMessage('url', label) })
          .trim()
          .max(255, { error: validationMessage('max_string', label, { max: 255 }) })
          .regex(/^https?:\/\/[^\s.]+\.[^\s]+$/i, { error: validationMessage('url', label) }),
      );
    case 'email':
      return z
        .string({ error: validationMessage('email', label) })
        .trim()
        .max(255, { error: validationMessage('max_string', label, { max: 255 }) })
        .pipe(z.email({ error: validationMessage('email', label) }))
        .transform((v) => v.toLowerCase());
  }
}

/**
 * All of a record type's live attributes as one object schema (key → rule). `partial` (a PATCH, an
 * import updating some columns) checks only the keys present.
 */
export function attributeValuesSchema(
  definitions: ReadonlyArray<ValueDefinition & { key: string }>,
  options: { partial?: boolean } = {},
) {
  const shape: Record<string, z.ZodType> = {};
  for (const definition of definitions) {
    const rule = attributeValueSchema(definition);
    shape[definition.key] = options.partial ? rule.optional() : rule;
  }
  return z.object(shape);
}

/** The text a value shows as in lists, exports and search. */
export function formatAttributeValue(value: AttributeValue | undefined, type: AttributeType): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (type === 'boolean') return value ? 'Yes' : 'No';
  if (type === 'money' && typeof value === 'number') return value.toFixed(2);
  return String(value);
}
