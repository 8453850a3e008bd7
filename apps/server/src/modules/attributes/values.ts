import {
  attributeValuesSchema,
  fieldErrors,
  formatAttributeValue,
  toCents,
  type Attribute,
  type AttributeSubject,
  type AttributeValue,
} from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { TeamScope } from '../../platform/policy';
import { AppError } from '../../platform/errors';
import { bumpTeamWriteVersion, cachedForTeam } from '../../platform/team-cache';
import { presentAttribute } from './presenter';
import * as repo from './repository';

// Attribute values, written and read by records, leases, agreements, documents and imports.

/**
 * A team's live (not archived) attribute definitions of one record type, in form order. Every list page, search
 * and record read needs them (a stores page twice: its query and its rows), and they change only in writes
 * that bump the team's write version (definitions.ts), so they are kept at that version. What is kept is
 * shared by every request: frozen, so no caller can change another's copy.
 */
export async function liveAttributes(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
): Promise<readonly Attribute[]> {
  return cachedForTeam(db, teamId, `attributes:live:${subjectType}`, async () =>
    Object.freeze(
      (await repo.definitionsOf(db, teamId, subjectType)).map((row) => {
        const attribute = presentAttribute(row);
        Object.freeze(attribute.options);
        return Object.freeze(attribute);
      }),
    ),
  );
}

/**
 * Checks raw values against the definitions with the same Zod rules as the forms. Errors are keyed
 * `attributes.<key>`; unknown or archived keys are errors too. `partial` checks only the keys given
 * (a PATCH, an import updating some columns); otherwise required attributes must have a value.
 */
export function validateAttributeValues(
  definitions: readonly Attribute[],
  raw: Record<string, unknown>,
  options: { partial?: boolean } = {},
): { values: Record<string, AttributeValue>; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const known = new Set(definitions.map((d) => d.key));
  for (const key of Object.keys(raw))
    if (!known.has(key)) errors[`attributes.${key}`] = ['The selected attribute is invalid.'];
  // A copy without a prototype: the schema reads each definition's key, and a missing `constructor` must read as absent.
  const result = attributeValuesSchema(definitions, options).safeParse(
    Object.assign(Object.create(null), raw),
  );
  if (!result.success)
    for (const [field, messages] of Object.entries(fieldErrors(result.error)))
      errors[`attributes.${field}`] = messages;
  // Keyed by the team's attribute keys: no inherited member may pass for a value (see RESERVED_ATTRIBUTE_KEYS).
  const values: Record<string, AttributeValue> = Object.create(null);
  if (result.success)
    for (const [key, value] of Object.entries(result.data))
      if (value !== undefined) values[key] = value as AttributeValue;
  return { values, errors };
}

function toRows(
  definition: Attribute,
  value: AttributeValue,
  base: Omit<repo.NewAttributeValue, 'attribute_id'>,
): repo.NewAttributeValue[] {
  const row = {
    ...base,
    attribute_id: definition.id,
    text_value: null,
    number_value: null,
    date_value: null,
    long_value: null,
  };
  if (value === null) return [];
  switch (definition.type) {
    case 'multi_select':
      return (value as string[]).map((option) => ({ ...row, text_value: option }));
    case 'long_text':
      return [{ ...row, long_value: String(value) }];
    case 'number':
      return [{ ...row, number_value: Number(value) }];
    case 'money':
      return [{ ...row, number_value: toCents(Number(value)) }];
    case 'boolean':
      return [{ ...row, number_value: value ? 1 : 0 }];
    case 'date':
      return [{ ...row, date_value: String(value) }];
    default:
      return [{ ...row, text_value: String(value) }];
  }
}

function fromRows(definition: Attribute, rows: repo.AttributeValueRow[]): AttributeValue {
  if (!rows.length) return definition.type === 'multi_select' ? [] : null;
  const row = rows[0]!;
  switch (definition.type) {
    case 'multi_select':
      return rows.map((r) => r.text_value ?? '');
    case 'long_text':
      return row.long_value;
    case 'number':
      return row.number_value === null ? null : Number(row.number_value);
    case 'money':
      return row.number_value === null ? null : Number(row.number_value) / 100;
    case 'boolean':
      return row.number_value === null ? null : Number(row.number_value) === 1;
    case 'date':
      return row.date_value;
    default:
      return row.text_value;
  }
}

/**
 * The attribute values a reader is shown: none for a member limited to companies. Attributes are the team's own
 * fields (their definitions and the exports' attribute columns are refused to such members, decision 0023), so
 * their values are withheld too rather than handed out without the fields that say what they mean.
 */
export async function attributeValuesShownTo(
  db: Executor,
  scope: TeamScope,
  subjectType: AttributeSubject,
  ids: number[],
  definitions?: readonly Attribute[],
) {
  if (scope.companyIds !== null) return new Map<number, Record<string, AttributeValue>>();
  return attributeValuesFor(db, scope.teamId, subjectType, ids, definitions);
}

/** Live attribute values of several records: id → { key: value } (every live key present). */
export async function attributeValuesFor(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  ids: number[],
  definitions?: readonly Attribute[],
) {
  const defs = definitions ?? (await liveAttributes(db, teamId, subjectType));
  const result = new Map<number, Record<string, AttributeValue>>();
  if (!ids.length) return result;
  const rows = defs.length ? await repo.valuesOf(db, teamId, subjectType, ids) : [];
  // Grouped once by record and attribute: a page (or an export batch of 1,000) is one pass over its rows.
  const grouped = new Map<string, repo.AttributeValueRow[]>();
  for (const row of rows) {
    const key = `${row.subject_id}:${row.attribute_id}`;
    const list = grouped.get(key);
    if (list) list.push(row);
    else grouped.set(key, [row]);
  }
  for (const id of ids) {
    result.set(
      id,
      Object.fromEntries(defs.map((d) => [d.key, fromRows(d, grouped.get(`${id}:${d.id}`) ?? [])])),
    );
  }
  return result;
}

/**
 * Validates and writes attribute values of one record inside the caller's transaction, and returns
 * the audit changes (`attributes.<key>: [old, new]`). Throws a 422 with `attributes.<key>` errors.
 * Keys not given are left as they are; `partial: false` (a create) also enforces required ones.
 */
export async function writeAttributeValues(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectId: number,
  raw: Record<string, unknown>,
  options: { partial?: boolean } = {},
): Promise<Record<string, [AttributeValue, AttributeValue]>> {
  const definitions = await liveAttributes(trx, teamId, subjectType);
  if (!definitions.length && !Object.keys(raw).length) return {};
  const { values, errors } = validateAttributeValues(definitions, raw, options);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  const before =
    (await attributeValuesFor(trx, teamId, subjectType, [subjectId], definitions)).get(subjectId) ?? {};
  const changes: Record<string, [AttributeValue, AttributeValue]> = {};
  // "No value" of a multi select reads back as [], of anything else as null.
  const after = (d: Attribute) => values[d.key] ?? (d.type === 'multi_select' ? [] : null);
  const changed = definitions.filter(
    (d) => Object.hasOwn(values, d.key) && JSON.stringify(before[d.key] ?? null) !== JSON.stringify(after(d)),
  );
  if (!changed.length) return changes;
  await repo.deleteValues(
    trx,
    teamId,
    subjectType,
    subjectId,
    changed.map((d) => d.id),
  );
  const base = { team_id: teamId, subject_type: subjectType, subject_id: subjectId };
  await repo.insertValues(
    trx,
    changed.flatMap((d) => toRows(d, values[d.key]!, base)),
  );
  for (const d of changed) changes[`attributes.${d.key}`] = [before[d.key] ?? null, after(d)];
  await bumpTeamWriteVersion(trx, teamId);
  return changes;
}

/** Attribute validation errors of a whole record, to report together with the record's own field errors. */
export async function attributeErrors(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  raw: Record<string, unknown>,
  options: { partial?: boolean } = {},
) {
  return validateAttributeValues(await liveAttributes(db, teamId, subjectType), raw, options).errors;
}

/** Text of a record's live text-like attributes, for its search entry. */
export async function attributeSearchText(
  db: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  id: number,
): Promise<string[]> {
  const definitions = (await liveAttributes(db, teamId, subjectType)).filter((d) =>
    ['text', 'long_text', 'select', 'multi_select', 'url', 'email'].includes(d.type),
  );
  if (!definitions.length) return [];
  const values = (await attributeValuesFor(db, teamId, subjectType, [id], definitions)).get(id) ?? {};
  return definitions.map((d) => formatAttributeValue(values[d.key], d.type)).filter(Boolean);
}

/** A record's own checks (`check`, throwing a 422) and its attributes' errors, reported in one 422. */
export function withAttributeErrors<T>(errors: Record<string, string[]>, check: () => T): T {
  let result: T;
  try {
    result = check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation')
      throw new AppError('validation', error.message, { ...error.fieldErrors, ...errors });
    throw error;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  return result;
}

/** `attributes` taken out of a whole-record body (leases, agreements), and whether it was sent. */
export const splitAttributes = (input: unknown) => {
  const { attributes, ...rest } = (input ?? {}) as Record<string, unknown>;
  return {
    attributes: (attributes && typeof attributes === 'object' && !Array.isArray(attributes)
      ? attributes
      : {}) as Record<string, unknown>,
    rest,
    sent: attributes !== undefined,
  };
};

/** The trash purge removes records for good: their attribute values go in the same transaction. */
export function purgeAttributeValues(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectIds: number[],
) {
  return repo.deleteValuesOfSubjects(trx, teamId, subjectType, subjectIds);
}
