import type { RecordType } from '@storekeep/contracts';
import { brands } from '../brands/index';
import { companies } from '../companies/index';
import { contacts } from '../contacts/index';
import { stores } from '../stores/index';
import type { RecordDefinition } from './definition';

/** Every record type by its URL name; notes, trash and search look definitions up here. */
export const recordDefinitions: Record<RecordType, RecordDefinition> = {
  companies: companies as unknown as RecordDefinition,
  brands: brands as unknown as RecordDefinition,
  stores: stores as unknown as RecordDefinition,
  contacts: contacts as unknown as RecordDefinition,
};

export const definitionBySubject = (subject: string) =>
  Object.values(recordDefinitions).find((d) => d.subject === subject);
