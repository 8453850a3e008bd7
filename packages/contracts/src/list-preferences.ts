import { z } from 'zod';
import { PER_PAGE_OPTIONS, PREFERENCE_LISTS } from './lists';
import { oneOf, validationMessage } from './validation';

/** At most this many hidden columns are kept: more than any list has, small enough to bound a row. */
export const MAX_HIDDEN_COLUMNS = 100;
/** A column key: a built-in column (`city`) or a team-defined attribute (`attr.seats`). */
const COLUMN_KEY = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$/;

export const listPreferenceParamSchema = z.object({ list: oneOf(PREFERENCE_LISTS, 'list') });

const columnKey = z
  .string({ error: validationMessage('in', 'column') })
  .max(64, { error: validationMessage('max_string', 'column', { max: 64 }) })
  .regex(COLUMN_KEY, { error: validationMessage('in', 'column') });

/**
 * What a user keeps for one list in one team. Columns are stored as the *hidden* ones, so a column that
 * appears later (a new attribute of the team, a new built-in column) shows until the user hides it.
 * `per_page` null: the list's default (25). Both fields are optional on save: a field left out keeps its
 * saved value, so the page-size control and the column picker save independently.
 */
export const listPreferenceInputSchema = z.object({
  per_page: z
    .number({ error: validationMessage('in', 'per page') })
    .int({ error: validationMessage('in', 'per page') })
    .refine((value) => (PER_PAGE_OPTIONS as readonly number[]).includes(value), {
      error: validationMessage('in', 'per page'),
    })
    .nullable()
    .optional(),
  hidden_columns: z
    .array(columnKey, { error: validationMessage('in', 'hidden columns') })
    .max(MAX_HIDDEN_COLUMNS, {
      error: validationMessage('max_numeric', 'number of hidden columns', { max: MAX_HIDDEN_COLUMNS }),
    })
    .transform((keys) => [...new Set(keys)])
    .optional(),
});
export type ListPreferenceInput = z.input<typeof listPreferenceInputSchema>;

export const listPreferenceSchema = z.object({
  list: z.enum(PREFERENCE_LISTS),
  per_page: z.number().int().nullable(),
  hidden_columns: z.array(z.string()),
  /** Null until the user saves something for the list. */
  updated_at: z.string().nullable(),
});
export type ListPreference = z.infer<typeof listPreferenceSchema>;
