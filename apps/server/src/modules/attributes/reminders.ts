import type { Attribute, AttributeSubject } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { RESOURCE_TABLES } from '../../platform/resource-tables';
import {
  ATTRIBUTE_REMINDER_PREFIX,
  isAttributeReminderKey,
  removeSubjectReminders,
  syncReminders,
} from '../reminders/index';
import { attributeValuesFor, liveAttributes } from './values';
import * as repo from './repository';

/** Reminder subjects are singular (`store`); attribute subjects are the record types' URL names. */
const REMINDER_SUBJECT: Record<AttributeSubject, string> = {
  companies: 'company',
  brands: 'brand',
  stores: 'store',
  contacts: 'contact',
  leases: 'lease',
  agreements: 'agreement',
  documents: 'document',
};

/**
 * Keeps one reminder per live reminder-date attribute that has a value on this record (key
 * `attribute:<attribute id>:<record id>`), through the same keyed sync as leases' critical dates:
 * a moved date moves its reminder, a cleared one removes it. Runs in the record's transaction.
 */
export async function syncAttributeReminders(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectId: number,
) {
  const definitions = (await liveAttributes(trx, teamId, subjectType)).filter(
    (d) => d.type === 'date' && d.reminder,
  );
  const values = definitions.length
    ? ((await attributeValuesFor(trx, teamId, subjectType, [subjectId], definitions)).get(subjectId) ?? {})
    : {};
  const dates = definitions
    .filter((d) => typeof values[d.key] === 'string')
    .map((d) => ({
      key: `${ATTRIBUTE_REMINDER_PREFIX}${d.id}:${subjectId}`,
      source: 'attribute_date',
      title: d.label,
      due_date: values[d.key] as string,
    }));
  await syncReminders(
    trx,
    teamId,
    { type: REMINDER_SUBJECT[subjectType], id: subjectId },
    dates,
    isAttributeReminderKey,
  );
}

/** A deleted record's attribute reminders go with it (a restore syncs them back). */
export async function removeAttributeReminders(
  trx: Executor,
  teamId: number,
  subjectType: AttributeSubject,
  subjectId: number,
) {
  await removeSubjectReminders(trx, teamId, { type: REMINDER_SUBJECT[subjectType], id: subjectId });
}

/** After archive, unarchive, a renamed label or the reminder switch: every live record with a value, again. */
export async function resyncDefinitionReminders(trx: Executor, teamId: number, definition: Attribute) {
  const table = RESOURCE_TABLES[definition.subject_type];
  if (definition.type !== 'date') return;
  for (const id of await repo.liveSubjectsWithValues(trx, teamId, definition.id, table)) {
    await syncAttributeReminders(trx, teamId, definition.subject_type, id);
  }
}
