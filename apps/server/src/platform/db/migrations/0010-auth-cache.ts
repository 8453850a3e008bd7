import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * What tells every app instance that a cached session lookup (platform/auth-cache.ts) is stale.
 * Triggers, not application code, announce the change, so every writer is covered — logout, password
 * change or reset, role change, removal from a team, team switch, profile edit, subscription change,
 * a deleted user or team, and manual SQL alike:
 * - PostgreSQL: a statement-level trigger sends `NOTIFY storekeep_auth` (delivered to every listening
 *   instance when the transaction commits, and not at all if it rolls back);
 * - SQLite: the same statements bump the single `auth_epoch` row, which each cached lookup compares
 *   (a local read, no round trip).
 * Sliding-expiry touches (UPDATE of sessions) and new sessions (INSERT) are deliberately not watched:
 * neither can make a cached answer wrong.
 */
const WATCHED: Array<{ table: string; events: Array<'insert' | 'update' | 'delete'> }> = [
  { table: 'users', events: ['update', 'delete'] },
  { table: 'teams', events: ['update', 'delete'] },
  { table: 'team_user', events: ['insert', 'update', 'delete'] },
  { table: 'sessions', events: ['delete'] },
];

export const authCache: AppMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`create function storekeep_auth_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify('storekeep_auth', tg_table_name);
          return null;
        end $$`.execute(db);
      for (const { table, events } of WATCHED) {
        await sql
          .raw(
            `create trigger ${table}_auth_changed after ${events.join(' or ')} on ${table} for each statement execute function storekeep_auth_changed()`,
          )
          .execute(db);
      }
      return;
    }
    await sql`create table auth_epoch (id integer primary key check (id = 1), version integer not null)`.execute(
      db,
    );
    await sql`insert into auth_epoch (id, version) values (1, 0)`.execute(db);
    for (const { table, events } of WATCHED) {
      for (const event of events) {
        await sql
          .raw(
            `create trigger ${table}_${event}_auth_changed after ${event} on ${table} begin update auth_epoch set version = version + 1 where id = 1; end`,
          )
          .execute(db);
      }
    }
  },
};
