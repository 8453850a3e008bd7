import type { RecordRef } from '@storekeep/contracts';

/** Record DTO → form defaults: nulls become '' so inputs stay controlled; refs become ids. */
export function toFormValues(
  record: Record<string, unknown> | undefined,
  fields: readonly string[],
  refs: Record<string, string> = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const refKey = refs[field];
    if (refKey) {
      const ref = record?.[refKey] as RecordRef | undefined;
      values[field] = ref?.id ?? null;
      continue;
    }
    const value = record?.[field];
    values[field] =
      value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value;
  }
  return values;
}

/** A number or date as an input holds it: '' for none. */
export const formText = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
