import type { z } from 'zod';
import type { RecordType } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { FilterSpec } from '../../platform/list';
import type { Actor } from '../../platform/policy';

/** A row as loaded for presenting: the table's columns plus joined names of related records. */
export type LoadedRow = {
  id: number;
  team_id: number;
  image_key: string | null;
  deleted_at: string | null;
} & Record<string, unknown>;

/**
 * What makes companies, brands, stores and contacts differ; everything else (lists, CRUD, trash,
 * audit, search sync, export, images) is one shared implementation in this folder.
 */
export type RecordDefinition<Row extends LoadedRow = LoadedRow, Dto = unknown> = {
  type: RecordType;
  /** Singular name in audit rows and notes (`store`). */
  subject: string;
  /** "Store" in messages. */
  label: string;
  table: RecordType;
  inputSchema: z.ZodObject;
  dtoSchema: z.ZodType<Dto>;
  /** Sort keys of the list → columns (the whitelist of LIST_SORTS). */
  sorts: Record<string, string[]>;
  defaultSort: string;
  filters: Record<string, FilterSpec>;
  /** Rows with their related names, in the order of `ids`; only this team's, deleted ones included. */
  load(db: Executor, teamId: number, ids: number[]): Promise<Row[]>;
  present(
    row: Row,
    actor: Actor,
    imageUrls: (row: {
      id: number;
      image_key: string | null;
    }) => { thumb_url: string; display_url: string } | null,
  ): Dto;
  searchEntry(row: Row): { title: string; subtitle: string | null; extra?: string[] };
  /** Checks a whole record (stored values with the changes applied): references, uniqueness, cross-field rules. */
  validate(db: Executor, teamId: number, values: Record<string, unknown>, id: number | null): Promise<void>;
  exportColumns: Array<[header: string, value: (dto: Dto) => unknown]>;
};
