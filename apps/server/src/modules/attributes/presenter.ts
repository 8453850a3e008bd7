import type { Attribute, AttributeSubject, AttributeType } from '@storekeep/contracts';
import type { AttributeDefinitionRow } from './repository';

export function presentAttribute(row: AttributeDefinitionRow): Attribute {
  return {
    id: row.id,
    subject_type: row.subject_type as AttributeSubject,
    key: row.key,
    label: row.label,
    type: row.type as AttributeType,
    required: Boolean(row.required),
    options: JSON.parse(row.options) as string[],
    position: row.position,
    reminder: Boolean(row.reminder),
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
