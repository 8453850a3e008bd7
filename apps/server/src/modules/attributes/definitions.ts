import {
  isReservedAttributeKey,
  MAX_ATTRIBUTES_PER_TYPE,
  type Attribute,
  type attributeCreateSchema,
  type attributeListQuerySchema,
  type attributeReorderSchema,
  type attributeUpdateSchema,
} from '@storekeep/contracts';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { invalid, notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { diff, recordActivity } from '../activities/index';
import { attributePolicy } from './policy';
import { presentAttribute } from './presenter';
import { resyncDefinitionReminders } from './reminders';
import * as repo from './repository';

/** The team's attribute definitions, managed by its admins: what the record forms, lists and exports show. */

export async function listAttributes(
  deps: Deps,
  actor: Actor,
  query: z.infer<typeof attributeListQuerySchema>,
): Promise<Attribute[]> {
  authorize(attributePolicy.view(actor));
  const rows = await repo.definitionsOf(deps.db, actor.teamId, query.subject_type ?? null, {
    archived: query.archived === '1',
  });
  return rows.map(presentAttribute);
}

/**
 * A key from the label. A label is the business's own word, so one that spells a reserved key ("Constructor")
 * is kept and its key gets a suffix instead of being refused, as an explicit reserved key is.
 */
const keyFromLabel = (label: string) => {
  const key = (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, 'f_$1') || 'field'
  ).slice(0, 50);
  return isReservedAttributeKey(key) ? `${key}_1` : key;
};

export async function createAttribute(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof attributeCreateSchema>,
): Promise<Attribute> {
  authorize(attributePolicy.manage(actor));
  const id = await writeTransaction(deps.db, async (trx) => {
    const key = input.key ?? keyFromLabel(input.label);
    if (await repo.findDefinitionByKey(trx, actor.teamId, input.subject_type, key)) {
      throw invalid(
        input.key ? 'key' : 'label',
        'An attribute with this key already exists for this record type.',
      );
    }
    if ((await repo.countDefinitions(trx, actor.teamId, input.subject_type)) >= MAX_ATTRIBUTES_PER_TYPE) {
      throw invalid('label', `A record type may have at most ${MAX_ATTRIBUTES_PER_TYPE} attributes.`);
    }
    const now = nowIso();
    const newId = await repo.insertDefinition(trx, {
      team_id: actor.teamId,
      subject_type: input.subject_type,
      key,
      label: input.label,
      type: input.type,
      required: input.required ? 1 : 0,
      options: JSON.stringify(input.options),
      position: (await repo.maxPosition(trx, actor.teamId, input.subject_type)) + 1,
      reminder: input.reminder ? 1 : 0,
      archived_at: null,
      created_at: now,
      updated_at: now,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: newId,
      action: 'created',
      changes: { ...input, key },
      ip: actor.ip,
    });
    return newId;
  });
  return presentAttribute((await repo.findDefinition(deps.db, actor.teamId, id))!);
}

async function findOrFail(db: Executor, teamId: number, id: number) {
  const row = await repo.findDefinition(db, teamId, id);
  if (!row) throw notFound('Attribute');
  return row;
}

export async function updateAttribute(
  deps: Deps,
  actor: Actor,
  id: number,
  patch: z.output<typeof attributeUpdateSchema>,
): Promise<Attribute> {
  await findOrFail(deps.db, actor.teamId, id);
  authorize(attributePolicy.manage(actor));
  await writeTransaction(deps.db, async (trx) => {
    const current = presentAttribute(await findOrFail(trx, actor.teamId, id));
    if (patch.options && ['select', 'multi_select'].includes(current.type) && patch.options.length === 0)
      throw invalid('options', 'The options field is required for a select.');
    if (patch.reminder && current.type !== 'date')
      throw invalid('reminder', 'Only date attributes can create reminders.');
    const changes = diff(current as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    if (patch.options && JSON.stringify(patch.options) === JSON.stringify(current.options))
      delete changes.options;
    if (!Object.keys(changes).length) return;
    await repo.updateDefinition(trx, actor.teamId, id, {
      ...(patch.label !== undefined ? { label: patch.label } : {}),
      ...(patch.required !== undefined ? { required: patch.required ? 1 : 0 } : {}),
      // Removing an option keeps the values already stored with it (never silently drop data).
      ...(patch.options !== undefined ? { options: JSON.stringify(patch.options) } : {}),
      ...(patch.reminder !== undefined ? { reminder: patch.reminder ? 1 : 0 } : {}),
      updated_at: nowIso(),
    });
    if ('reminder' in changes || 'label' in changes)
      await resyncDefinitionReminders(trx, actor.teamId, current);
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: id,
      action: 'updated',
      changes,
      ip: actor.ip,
    });
  });
  return presentAttribute(await findOrFail(deps.db, actor.teamId, id));
}

/** Archive hides an attribute from forms, lists and exports; its values stay and return on unarchive. */
export async function setAttributeArchived(
  deps: Deps,
  actor: Actor,
  id: number,
  archived: boolean,
): Promise<Attribute> {
  await findOrFail(deps.db, actor.teamId, id);
  authorize(attributePolicy.manage(actor));
  await writeTransaction(deps.db, async (trx) => {
    const current = await findOrFail(trx, actor.teamId, id);
    if (Boolean(current.archived_at) === archived) return;
    const now = nowIso();
    await repo.updateDefinition(trx, actor.teamId, id, {
      archived_at: archived ? now : null,
      updated_at: now,
    });
    // An archived date stops reminding; unarchived, its reminders come back with its values.
    if (current.reminder) await resyncDefinitionReminders(trx, actor.teamId, presentAttribute(current));
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: id,
      action: archived ? 'archived' : 'unarchived',
      ip: actor.ip,
    });
  });
  return presentAttribute(await findOrFail(deps.db, actor.teamId, id));
}

/** New order of one record type's attributes: `ids` first in that order, any others after them. */
export async function reorderAttributes(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof attributeReorderSchema>,
): Promise<Attribute[]> {
  authorize(attributePolicy.manage(actor));
  await writeTransaction(deps.db, async (trx) => {
    const rows = await repo.definitionsOf(trx, actor.teamId, input.subject_type, { archived: true });
    const known = new Set(rows.map((r) => r.id));
    if (input.ids.some((id) => !known.has(id))) throw invalid('ids', 'The selected ids are invalid.');
    const order = [...input.ids, ...rows.map((r) => r.id).filter((id) => !input.ids.includes(id))];
    const now = nowIso();
    for (const [index, id] of order.entries()) {
      if (rows.find((r) => r.id === id)!.position !== index + 1)
        await repo.updateDefinition(trx, actor.teamId, id, { position: index + 1, updated_at: now });
    }
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'attribute',
      subjectId: null,
      action: 'reordered',
      changes: { subject_type: input.subject_type, ids: order },
      ip: actor.ip,
    });
  });
  return (await repo.definitionsOf(deps.db, actor.teamId, input.subject_type, { archived: true })).map(
    presentAttribute,
  );
}
