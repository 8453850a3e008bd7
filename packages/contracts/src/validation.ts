import { z } from 'zod';
import { isWholeCents } from './money';

/**
 * PRODUCT-SPEC §5: messages are looked up by rule with the field label inserted. Server (422 bodies)
 * and web (messages under fields) both build them here, so a rule reads the same everywhere.
 */
export const validationMessages = {
  required: 'The :attribute field is required.',
  email: 'The :attribute must be a valid email address.',
  alpha_num: 'The :attribute may only contain letters and numbers.',
  between: 'The :attribute must be between :min and :max.',
  max_string: 'The :attribute may not be greater than :max characters.',
  min_string: 'The :attribute must be at least :min characters.',
  max_numeric: 'The :attribute may not be greater than :max.',
  min_numeric: 'The :attribute must be at least :min.',
  in: 'The selected :attribute is invalid.',
  required_if: 'The :attribute field is required when :other is present.',
  required_unless: 'The :attribute field is required unless :other is present.',
  same: 'The :attribute and :other must match.',
  after: 'The :attribute must be a date after :other.',
  date: 'The :attribute is not a valid date.',
  integer: 'The :attribute must be an integer.',
  url: 'The :attribute must be a valid URL.',
} as const;

export type ValidationRule = keyof typeof validationMessages;

export function validationMessage(
  rule: ValidationRule,
  attribute: string,
  params: Record<string, string | number> = {},
): string {
  let text: string = validationMessages[rule].replace(':attribute', attribute);
  for (const [key, value] of Object.entries(params)) text = text.replace(`:${key}`, String(value));
  return text;
}

/**
 * Months (`YYYY-MM`) that periods, closes and reports accept. Their date arithmetic reaches a year either side
 * (arrears, yearly periods), which must stay within four-digit years: hence a bounded range of years.
 */
export const MONTH_YEARS = { min: 1900, max: 2999 } as const;

export function isMonth(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= MONTH_YEARS.min && year <= MONTH_YEARS.max;
}

export function monthMessage(label: string): string {
  return `The ${label} must be a month written YYYY-MM, from ${MONTH_YEARS.min} to ${MONTH_YEARS.max}.`;
}

/** A required month field, `YYYY-MM`. */
export function monthField(label: string) {
  return z
    .string({ error: validationMessage('required', label) })
    .refine(isMonth, { error: monthMessage(label) });
}

/** Form fields send '' for nothing: the schemas read it (and an absent value) as null. */
export const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** An optional ISO day (`YYYY-MM-DD`); blank is null. */
export const optionalDateField = (label: string) =>
  z.preprocess(blankToNull, z.iso.date({ error: validationMessage('date', label) }).nullable());

/** Numbers typed as text ("12.5") are read as numbers; anything else is left for the schema to refuse. */
export const numericText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/** A number typed as text, or blank for nothing (null): what optional numeric form fields send. */
export const blankOrNumericText = (value: unknown) => numericText(blankToNull(value));

/** A required amount in dollars, 0 to ten billion, in whole cents; typed text is read as a number. */
export function dollarsField(label: string) {
  return z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', label) })
      .min(0, { error: validationMessage('min_numeric', label, { min: 0 }) })
      .max(10_000_000_000, { error: validationMessage('max_numeric', label, { max: 10_000_000_000 }) })
      .refine(isWholeCents, { error: `The ${label} may have at most two decimals.` }),
  );
}

const trimmed = () => z.string().trim();

/** Required text: empty or whitespace-only is "required", longer than max is "max". */
export function requiredString(label: string, max = 255) {
  return z
    .string({ error: validationMessage('required', label) })
    .trim()
    .min(1, { error: validationMessage('required', label) })
    .max(max, { error: validationMessage('max_string', label, { max }) });
}

/** Optional text: blank becomes null so "clearing a field" stores nothing rather than "". */
export function optionalString(label: string, max = 255) {
  return trimmed()
    .max(max, { error: validationMessage('max_string', label, { max }) })
    .nullish()
    .transform((value) => (value ? value : null));
}

export function emailField(label = 'email') {
  return z
    .string({ error: validationMessage('required', label) })
    .trim()
    .min(1, { error: validationMessage('required', label) })
    .max(255, { error: validationMessage('max_string', label, { max: 255 }) })
    .pipe(z.email({ error: validationMessage('email', label) }))
    .transform((value) => value.toLowerCase());
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: validationMessage('in', label) });
}

export function passwordField(label: string, min: number, max: number) {
  return z
    .string({ error: validationMessage('required', label) })
    .min(1, { error: validationMessage('required', label) })
    .min(min, { error: validationMessage('min_string', label, { min }) })
    .max(max, { error: validationMessage('max_string', label, { max }) });
}

type Shape = Record<string, unknown>;

/** Cross-field rule "same": the check runs on the object so the error lands on `field`. */
export function sameAs<T extends Shape>(
  field: keyof T & string,
  other: keyof T & string,
  label: string,
  otherLabel: string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[other]) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: validationMessage('same', label, { other: otherLabel }),
      });
    }
  };
}

/** Cross-field rule "after": both are ISO dates; only checked when both are present. */
export function dateAfter<T extends Shape>(
  field: keyof T & string,
  other: keyof T & string,
  label: string,
  otherLabel: string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[field];
    const b = value[other];
    if (typeof a === 'string' && typeof b === 'string' && a && b && !(a > b)) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: validationMessage('after', label, { other: otherLabel }),
      });
    }
  };
}

/** Cross-field rules "required_if" / "required_unless" (another field present / absent). */
export function requiredIf<T extends Shape>(
  field: keyof T & string,
  other: keyof T & string,
  label: string,
  otherLabel: string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (isPresent(value[other]) && !isPresent(value[field])) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: validationMessage('required_if', label, { other: otherLabel }),
      });
    }
  };
}

export function requiredUnless<T extends Shape>(
  field: keyof T & string,
  other: keyof T & string,
  label: string,
  otherLabel: string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (!isPresent(value[other]) && !isPresent(value[field])) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: validationMessage('required_unless', label, { other: otherLabel }),
      });
    }
  };
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** Turns a ZodError into the API's `errors` map: field → messages (first one is shown). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * A web address typed as people type it, `example.com`, means the `https://` site: one without a scheme
 * gets it, before the URL rule runs (server and forms alike). Anything else passes through unchanged.
 */
export function withScheme(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return value;
  return `https://${trimmed}`;
}
