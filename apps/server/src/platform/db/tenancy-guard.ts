/**
 * Tenancy by construction: a Kysely plugin that refuses any SELECT, UPDATE or DELETE on a team-owned table
 * whose statement does not itself restrict that table to a team. It is on in tests (and, by TENANCY_GUARD, in
 * development), off in production: it checks statements as they are built, it does not filter rows.
 *
 * A table reference (in FROM, a join, UPDATE's table, DELETE's FROM or USING) is scoped when a condition that
 * holds for every row of it says so. Conditions are the WHERE's and joins' ON clauses, split at AND (a
 * condition under OR or NOT does not count). A table `t` is scoped by:
 * - `t.team_id = <value>` or `t.team_id in (<values or a subquery>)` (an unqualified `team_id` means the
 *   statement's FROM/UPDATE/DELETE tables, as SQL resolves it);
 * - `t.team_id = u.team_id` where `u` is scoped (in this statement or an enclosing one, for correlated
 *   subqueries);
 * - a foreign key from or to a scoped row: `t.id = u.<x>_id` (a row a scoped row points to, e.g.
 *   `stores s on s.id = l.store_id` or `contacts m on m.id = s.manager_id`: writes check that what a row
 *   points to is its team's), or `t.<u>_id = u.id` (the children of a scoped row, e.g.
 *   `lease_rent_rows r on r.lease_id = l.id`; the column must be named after the parent's table, `agreement_id`
 *   for franchise_agreements, so a polymorphic `subject_id` does not count).
 * A left join's ON scopes only the joined table. Every subquery, CTE and set operation is checked on its own,
 * with the enclosing statements' scoped tables in view. (A subquery built with `db.selectFrom` rather than the
 * expression builder is also checked when it is built, alone: write correlated subqueries with `eb`.)
 *
 * Raw `sql` is not read: a raw fragment is never a team condition (write `team_id` through the builder), and a
 * statement written wholly in raw SQL is not seen at all, so such statements stay few and are reviewed as such.
 *
 * Work that serves every team at once (scheduled scans, purges, backups, sign-in by token) runs through
 * `crossTeam(db, reason)`, which returns the executor without the guard. Each use states its reason, so
 * `grep -rn "crossTeam("` is the complete list of statements that may read or write across teams.
 */
import {
  OperationNodeTransformer,
  type AliasNode,
  type BinaryOperationNode,
  type DeleteQueryNode,
  type JoinNode,
  type KyselyPlugin,
  type OperationNode,
  type QueryId,
  type ReferenceNode,
  type SelectQueryNode,
  type TableNode,
  type UpdateQueryNode,
} from 'kysely';
import type { Database } from './schema';
import type { Executor } from './index';

/** Tables whose rows belong to one team: every statement on them names the team. */
export const TEAM_OWNED_TABLES: ReadonlySet<string> = new Set<string>([
  'activities',
  'agreement_stores',
  'agreement_transfers',
  'attribute_definitions',
  'attribute_values',
  'brands',
  'calendar_feeds',
  'cam_statement_lines',
  'cam_statements',
  'cam_terms',
  'clauses',
  'companies',
  'contacts',
  'development_units',
  'digest_runs',
  'document_categories',
  'document_links',
  'document_tags',
  'document_versions',
  'documents',
  'example_records',
  'external_ids',
  'franchise_agreements',
  'franchise_calendar_settings',
  'franchise_registrations',
  'import_mappings',
  'imports',
  'lease_accounting_closed_rows',
  'lease_accounting_closes',
  'invoice_sequences',
  'invoicing_settings',
  'lease_accounting_profiles',
  'lease_accounting_schedule_rows',
  'lease_accounting_schedules',
  'lease_accounting_settings',
  'lease_amendments',
  'lease_charges',
  'lease_options',
  'lease_rent_rows',
  'leases',
  'list_preferences',
  'notes',
  'notification_mutes',
  'payment_terms',
  'percentage_rent_terms',
  'reminder_comments',
  'reminders',
  'royalty_invoice_lines',
  'royalty_invoices',
  'royalty_payment_allocations',
  'royalty_payments',
  'rent_payables',
  'sales',
  'sales_locks',
  'sales_store_years',
  'store_ownerships',
  'stores',
  'team_holidays',
  'territories',
  'team_invitations',
  'team_settings',
  'team_table_versions',
  'team_write_versions',
]);

/**
 * Tables with a team_id column that are not a team's records, with why. The guard leaves them alone; the
 * schema test checks that every team_id column is in exactly one of the two lists.
 */
export const TEAM_KEYED_TABLES: Readonly<Partial<Record<keyof Database, string>>> = {
  jobs: 'the job queue: workers claim due jobs of every team; team_id only says whose a job is',
  billing_events: "Stripe's event ledger, keyed by event id; team_id is what the event concerned",
  team_user: 'membership itself: read by user (their teams) as well as by team',
};

export type TenancyViolation = {
  kind: 'select' | 'update' | 'delete';
  table: string;
  /** The first frame of the application that built the statement. */
  site: string;
};

export type TenancyGuardMode = 'enforce' | 'report';

export class TenancyError extends Error {
  constructor(readonly violation: TenancyViolation) {
    super(
      `Tenancy guard: ${violation.kind} on "${violation.table}" without a team_id condition for it ` +
        `(at ${violation.site}); put the team into the statement, or run a cross-team job through crossTeam(db, reason)`,
    );
    this.name = 'TenancyError';
  }
}

type Scope = { tables: Map<string, string>; scoped: Set<string> };
type Condition = { node: BinaryOperationNode; only?: string };

function identifierName(node: OperationNode): string {
  return (node as unknown as { name: string }).name;
}

/** A table reference as `alias → table name`; subqueries and raw sources in FROM are not tables. */
function tableRef(node: OperationNode): [alias: string, table: string] | undefined {
  if (node.kind === 'TableNode') {
    const name = (node as TableNode).table.identifier.name;
    return [name, name];
  }
  if (node.kind === 'AliasNode') {
    const alias = node as AliasNode;
    if (alias.node.kind !== 'TableNode') return undefined;
    return [identifierName(alias.alias), (alias.node as TableNode).table.identifier.name];
  }
  return undefined;
}

/** The conjuncts of a condition that are comparisons (`a = b`, `a in (…)`). */
function conjuncts(node: OperationNode | undefined, out: BinaryOperationNode[] = []): BinaryOperationNode[] {
  if (!node) return out;
  if (node.kind === 'AndNode') {
    const and = node as unknown as { left: OperationNode; right: OperationNode };
    conjuncts(and.left, out);
    conjuncts(and.right, out);
  } else if (node.kind === 'ParensNode') {
    conjuncts((node as unknown as { node: OperationNode }).node, out);
  } else if (node.kind === 'BinaryOperationNode') {
    const binary = node as BinaryOperationNode;
    const operator = (binary.operator as unknown as { operator?: string }).operator;
    if (operator === '=' || operator === '==' || operator === 'in') out.push(binary);
  }
  return out;
}

/** `users` → `user_id`, `companies` → `company_id`, `franchise_agreements` → `agreement_id`. */
function foreignKeyOf(table: string): string {
  const base = table.replace(/^franchise_/, '');
  const singular = base.endsWith('ies') ? `${base.slice(0, -3)}y` : base.replace(/s$/, '');
  return `${singular}_id`;
}

function isTeamOwned(table: string): boolean {
  return TEAM_OWNED_TABLES.has(table);
}

/** Walks a statement and every statement nested in it, collecting the team-owned tables left unscoped. */
class TenancyChecker extends OperationNodeTransformer {
  readonly violations: Omit<TenancyViolation, 'site'>[] = [];
  readonly #scopes: Scope[] = [];

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    return this.#within('select', node.from?.froms ?? [], node.joins, node.where?.where, () =>
      super.transformSelectQuery(node, queryId),
    );
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const froms = [...(node.table ? [node.table] : []), ...(node.from?.froms ?? [])];
    return this.#within('update', froms, node.joins, node.where?.where, () =>
      super.transformUpdateQuery(node, queryId),
    );
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const froms = [...node.from.froms, ...(node.using?.tables ?? [])];
    return this.#within('delete', froms, node.joins, node.where?.where, () =>
      super.transformDeleteQuery(node, queryId),
    );
  }

  #within<T>(
    kind: TenancyViolation['kind'],
    froms: readonly OperationNode[],
    joins: readonly JoinNode[] | undefined,
    where: OperationNode | undefined,
    descend: () => T,
  ): T {
    const scope: Scope = { tables: new Map(), scoped: new Set() };
    const fromAliases: string[] = [];
    for (const from of froms) {
      const ref = tableRef(from);
      if (ref) {
        scope.tables.set(ref[0], ref[1]);
        fromAliases.push(ref[0]);
      }
    }
    const conditions: Condition[] = conjuncts(where).map((node) => ({ node }));
    for (const join of joins ?? []) {
      const ref = tableRef(join.table);
      if (ref) scope.tables.set(ref[0], ref[1]);
      const only = join.joinType === 'InnerJoin' ? undefined : ref?.[0];
      for (const node of conjuncts(join.on?.on)) conditions.push({ node, only });
    }
    this.#scopes.push(scope);
    try {
      this.#settle(scope, fromAliases, conditions);
      for (const [alias, table] of scope.tables) {
        if (isTeamOwned(table) && !scope.scoped.has(alias)) this.violations.push({ kind, table });
      }
      return descend();
    } finally {
      this.#scopes.pop();
    }
  }

  /** Applies the conditions until no further table becomes scoped (scoping travels along joins). */
  #settle(scope: Scope, fromAliases: string[], conditions: Condition[]) {
    const mark = (aliases: string[], only: string | undefined) => {
      let changed = false;
      for (const alias of aliases) {
        if ((only === undefined || alias === only) && !scope.scoped.has(alias)) {
          scope.scoped.add(alias);
          changed = true;
        }
      }
      return changed;
    };
    for (let changed = true; changed;) {
      changed = false;
      for (const { node, only } of conditions) {
        for (const [side, other] of [
          [node.leftOperand, node.rightOperand],
          [node.rightOperand, node.leftOperand],
        ] as const) {
          const column = this.#column(side, fromAliases);
          if (!column) continue;
          const target = column.aliases.filter((alias) => scope.tables.has(alias));
          if (!target.length) continue;
          const otherColumn = this.#column(other, fromAliases);
          if (column.name === 'team_id') {
            if (!otherColumn || (otherColumn.name === 'team_id' && this.#isScoped(otherColumn.aliases)))
              changed = mark(target, only) || changed;
            continue;
          }
          if (!otherColumn || !this.#isScoped(otherColumn.aliases)) continue;
          const otherTable = this.#tableOf(otherColumn.aliases[0]!);
          const pointsTo = column.name === 'id' && /^\w+_id$/.test(otherColumn.name);
          const childOf = otherTable && otherColumn.name === 'id' && column.name === foreignKeyOf(otherTable);
          if (pointsTo || childOf) changed = mark(target, only) || changed;
        }
      }
    }
  }

  /** A column reference: its name and the table aliases it may mean (innermost statement first). */
  #column(node: OperationNode, fromAliases: string[]): { name: string; aliases: string[] } | undefined {
    // `-team_id = -?` is the team condition written to keep it off the indexes (whereInScope's by-id form).
    if (node.kind === 'UnaryOperationNode') {
      const unary = node as unknown as { operator: { operator: string }; operand: OperationNode };
      if (unary.operator.operator === '-') return this.#column(unary.operand, fromAliases);
    }
    if (node.kind !== 'ReferenceNode') return undefined;
    const reference = node as ReferenceNode;
    if (reference.column.kind !== 'ColumnNode') return undefined;
    const name = reference.column.column.name;
    if (!reference.table) return { name, aliases: fromAliases };
    return { name, aliases: [reference.table.table.identifier.name] };
  }

  #scopeOf(alias: string): Scope | undefined {
    for (let i = this.#scopes.length - 1; i >= 0; i -= 1) {
      if (this.#scopes[i]!.tables.has(alias)) return this.#scopes[i];
    }
    return undefined;
  }

  #tableOf(alias: string): string | undefined {
    return this.#scopeOf(alias)?.tables.get(alias);
  }

  /** Whether a column's one table is scoped (in this statement or an enclosing one). */
  #isScoped(aliases: string[]): boolean {
    if (aliases.length !== 1) return false;
    const scope = this.#scopeOf(aliases[0]!);
    return !!scope && scope.scoped.has(aliases[0]!);
  }
}

/** The violations in one statement (empty when every team-owned table in it is scoped). */
export function tenancyViolations(node: OperationNode): Omit<TenancyViolation, 'site'>[] {
  const checker = new TenancyChecker();
  checker.transformNode(node);
  return checker.violations;
}

/** The first stack frame outside Kysely and this directory: where the statement was built. */
function callSite(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frame = stack
    .split('\n')
    .slice(1)
    .find(
      (line) => /\/(src|test|bench)\//.test(line) && !/platform\/db\/(index|tenancy-guard)\.ts/.test(line),
    );
  return frame?.trim().replace(/^at (async )?/, '') ?? 'unknown';
}

const guards = new WeakSet<KyselyPlugin>();

/**
 * The guard. `enforce` throws a TenancyError before the statement runs; `report` hands each violation to
 * `report` and lets the statement run (to survey a code base before enforcing).
 */
export function tenancyGuard(
  mode: TenancyGuardMode,
  report: (violation: TenancyViolation) => void = () => undefined,
): KyselyPlugin {
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      // Schema statements and raw SQL are not read; an insert is, for the selects it may carry.
      if (!['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'InsertQueryNode'].includes(node.kind))
        return node;
      const found = tenancyViolations(node);
      if (!found.length) return node;
      const site = callSite();
      for (const violation of found) {
        if (mode === 'enforce') throw new TenancyError({ ...violation, site });
        report({ ...violation, site });
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  guards.add(plugin);
  return plugin;
}

// The guarded executor each unguarded one stands for (the same transaction, for `atEndOfTransaction`).
const guardedOf = new WeakMap<object, Executor>();

/**
 * `executor` without the tenancy guard, for work that serves every team at once. `reason` says which work and
 * why it may cross teams; it is for the reader (and grep), so keep it short and specific.
 */
export function crossTeam<E extends Executor>(executor: E, reason: string): E {
  if (!reason.trim()) throw new Error('crossTeam needs a reason');
  const plugins = executor.getExecutor().plugins;
  if (!plugins.some((plugin) => guards.has(plugin))) return executor;
  let unguarded = executor.withoutPlugins() as E;
  for (const plugin of plugins) if (!guards.has(plugin)) unguarded = unguarded.withPlugin(plugin) as E;
  guardedOf.set(unguarded, guardedOf.get(executor) ?? executor);
  return unguarded;
}

/** The executor `crossTeam` was given for this one (itself when it is not a crossTeam copy). */
export function guardedExecutor(executor: Executor): Executor {
  return guardedOf.get(executor) ?? executor;
}
