import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for a pooled PostgreSQL connection. node-postgres sends every parameterised query
 * as an unnamed statement, which PostgreSQL parses, analyses and plans again at each execution: a fifth of its
 * time over the search benchmark's first-time round (probes of 2 ms spent 0.3 ms being parsed and bound). A
 * named statement is parsed once per connection, and PostgreSQL keeps a generic plan for it where that costs no
 * more than planning anew (its own choice, `plan_cache_mode = auto`).
 *
 * - The name is the SQL text's hash, so the same statement from any caller is prepared once per connection.
 * - Up to MAX_PREPARED statements a connection; later ones go unnamed (the hot statements come first).
 * - Only outside a transaction: a statement of a transaction that fails aborts it, so a failure that a retry
 *   would mend must not happen there. That failure is PostgreSQL's "cached plan must not change result type",
 *   which a `select *` prepared before a migration added a column meets (a rolling deploy): the connection then
 *   forgets its statements and runs the query again.
 */
const MAX_PREPARED = 256;

type Query = (...args: unknown[]) => Promise<unknown>;

/** PostgreSQL's answers to a statement whose preparation no longer holds (a column added, DISCARD ALL). */
function preparationLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    (code === '0A000' && /cached plan must not change result type/.test(message ?? '')) || code === '26000'
  );
}

export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as unknown as Query;
  let names = new Set<string>();
  // A new generation of names once the connection has forgotten its statements: the old names are gone on the
  // server, and node-postgres would take them for prepared still.
  let generation = 0;
  let inTransaction = false;
  const nameOf = (text: string) =>
    `sk${generation}_${crypto.createHash('sha1').update(text).digest('base64url')}`;

  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2) return query(...args);
    if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
    else if (/^\s*(commit|rollback|end|abort)\s*$/i.test(text)) inTransaction = false;
    if (inTransaction || !/^\s*(select|with|insert|update|delete)\b/i.test(text)) return query(text, values);
    const name = nameOf(text);
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED) return query(text, values);
      names.add(name);
    }
    return query({ name, text, values }).catch(async (error: unknown) => {
      if (!preparationLost(error)) throw error;
      generation += 1;
      names = new Set();
      await query('deallocate all', []);
      return query(text, values);
    });
  };
}
