import { addCalendarDays, addCalendarMonths, invoiceNumberLabel } from '@storekeep/contracts';
import { writeTransaction, type Db, type Executor } from '../../platform/db';
import { nextTurn } from '../../platform/turns';
import { teamScope } from '../../platform/policy';
import {
  INVOICE_PAYMENT_REMINDER_PREFIX,
  SALES_REPORT_REMINDER_PREFIX,
  retireReminderKeys,
  syncReminders,
  type CriticalDate,
} from '../reminders/index';
import { reportDueDate } from './calculations';
import { agreementPeriods } from './periods';
import { rulesByBrand } from './settings';

/**
 * How far back an expected report still gets a reminder: older gaps are for the compliance list, not for a
 * notice (a first run on a long history would otherwise escalate years of them at once).
 */
export const REPORT_REMINDER_DAYS = 90;

const reportKey = (agreementId: number, storeId: number, periodStart: string) =>
  `${SALES_REPORT_REMINDER_PREFIX}${agreementId}:${storeId}:${periodStart}`;
const invoiceKey = (invoiceId: number) => `${INVOICE_PAYMENT_REMINDER_PREFIX}${invoiceId}`;

async function keysWithPrefix(db: Executor, teamId: number, prefix: string) {
  const rows = await db
    .selectFrom('reminders')
    .select('source_key')
    .where('team_id', '=', teamId)
    .where('source_key', 'like', `${prefix}%`)
    .execute();
  return rows.map((r) => r.source_key!);
}

/**
 * Franchisees whose agreements one pass of `syncReportReminders` holds at once. A team's whole portfolio in one pass
 * (53,150 open agreements) held about 300 MB for 3.6–4.5 s of the hourly tick, and on SQLite, whose reads do not
 * wait, it held the event loop as long: every request of that moment waited for it (decision 0047).
 */
const FRANCHISEES_PER_PASS = 100;

/**
 * The reminders of a team's expected sales reports: every store of an open agreement gets one per reporting
 * period that has ended, due on the report's due date (lead-time notices before it; escalated, to the team's
 * admins and owner too, while it stays missing after it). A report that comes in closes its reminder as
 * `received`. Keys make it idempotent, so any number of scheduler instances may run it at once. Franchisees are
 * taken `franchiseesPerPass` at a time, each pass in its own transaction and a turn of the event loop apart.
 */
export async function syncReportReminders(
  db: Db,
  teamId: number,
  today: string,
  franchiseesPerPass = FRANCHISEES_PER_PASS,
) {
  const windowStart = addCalendarDays(today, -REPORT_REMINDER_DAYS);
  // A report is due in the week or month after its period, so periods ending two months before the window
  // cover every report due in it.
  const periodsFrom = `${addCalendarMonths(windowStart, -2).slice(0, 7)}-01`;
  const yesterday = addCalendarDays(today, -1);
  const [rules, franchisees, existingKeys] = await Promise.all([
    rulesByBrand(db, teamId),
    db
      .selectFrom('franchise_agreements')
      .select('franchisee_id')
      .distinct()
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'open')
      .where('franchisee_id', 'is not', null)
      .orderBy('franchisee_id')
      .execute(),
    keysWithPrefix(db, teamId, SALES_REPORT_REMINDER_PREFIX),
  ]);
  const existing = new Set(existingKeys);
  for (let at = 0; at < franchisees.length; at += franchiseesPerPass) {
    if (at > 0) await nextTurn();
    const ids = franchisees.slice(at, at + franchiseesPerPass).map((f) => f.franchisee_id!);
    const all = await agreementPeriods(db, teamScope(teamId), ids, periodsFrom, yesterday);
    const wanted = new Map<number, CriticalDate[]>();
    const received: string[] = [];
    for (const { agreement, billed, periods } of all) {
      const dates: CriticalDate[] = [];
      for (const { period, stores } of periods) {
        const due = reportDueDate(billed.frequency, period.end, rules(agreement.brand_id));
        if (due < windowStart) continue;
        for (const store of stores) {
          const key = reportKey(agreement.id, store.storeId, period.start);
          if (store.basis === 'reported') received.push(key);
          else
            dates.push({
              key,
              source: 'sales_report',
              title: `Sales report of ${store.storeName} for ${period.start === period.end ? period.start : `${period.start} – ${period.end}`}`,
              due_date: due,
            });
        }
      }
      wanted.set(agreement.id, dates);
    }
    const settled = received.filter((key) => existing.has(key));
    // Only agreements with a reminder not made yet are synced: the rest already hold every key they want.
    const unsynced = [...wanted].filter(([, dates]) => dates.some((d) => !existing.has(d.key)));
    if (!settled.length && !unsynced.length) continue;
    await writeTransaction(db, async (trx) => {
      await retireReminderKeys(trx, teamId, settled, 'received');
      for (const [agreementId, dates] of unsynced) {
        const prefix = `${SALES_REPORT_REMINDER_PREFIX}${agreementId}:`;
        await syncReminders(
          trx,
          teamId,
          { type: 'agreement', id: agreementId },
          dates,
          // Only the window's keys: a gap older than the window keeps its reminder until it is settled.
          (key) => key.startsWith(prefix) && key.slice(key.lastIndexOf(':') + 1) >= periodsFrom,
          // A missing report is news however late it is noticed: never filed as past.
          windowStart,
        );
      }
    });
  }
}

/**
 * The payment reminder of each open invoice, about its franchisee and due on the invoice's due date (escalated
 * while it stays unpaid after it); a paid or voided invoice closes its reminder with that reason.
 */
export async function syncPaymentReminders(db: Db, teamId: number) {
  const invoices = await db
    .selectFrom('royalty_invoices')
    .select(['id', 'number', 'franchisee_id', 'due_date', 'status', 'total_cents', 'paid_cents'])
    .where('team_id', '=', teamId)
    .execute();
  const existing = new Set(await keysWithPrefix(db, teamId, INVOICE_PAYMENT_REMINDER_PREFIX));
  const open = invoices.filter((i) => i.status === 'open' && Number(i.total_cents) > Number(i.paid_cents));
  const fresh = open.filter((i) => !existing.has(invoiceKey(i.id)));
  const paid = invoices
    .filter((i) => i.status === 'paid' && existing.has(invoiceKey(i.id)))
    .map((i) => invoiceKey(i.id));
  const voided = invoices
    .filter((i) => i.status === 'void' && existing.has(invoiceKey(i.id)))
    .map((i) => invoiceKey(i.id));
  if (!fresh.length && !paid.length && !voided.length) return;
  await writeTransaction(db, async (trx) => {
    await retireReminderKeys(trx, teamId, paid, 'paid');
    await retireReminderKeys(trx, teamId, voided, 'voided');
    for (const franchiseeId of new Set(fresh.map((i) => i.franchisee_id)))
      await syncReminders(
        trx,
        teamId,
        { type: 'company', id: franchiseeId },
        open
          .filter((i) => i.franchisee_id === franchiseeId)
          .map((i) => ({
            key: invoiceKey(i.id),
            source: 'invoice_payment',
            title: `Payment of invoice ${invoiceNumberLabel(Number(i.number))}`,
            due_date: i.due_date,
          })),
        (key) => key.startsWith(INVOICE_PAYMENT_REMINDER_PREFIX),
        // An invoice already past due when first seen is exactly what this reminder is for.
        '0000-01-01',
      );
  });
}

/** Closes the payment reminders of invoices just paid or voided, in the transaction that settled them. */
export async function settlePaymentReminders(
  trx: Executor,
  teamId: number,
  invoiceIds: number[],
  reason: 'paid' | 'voided',
) {
  if (invoiceIds.length) await retireReminderKeys(trx, teamId, invoiceIds.map(invoiceKey), reason);
}

/** The hourly tick's billing reminders of one team (reminders/digest.ts). */
export async function syncBillingReminders(db: Db, teamId: number, today: string) {
  await syncReportReminders(db, teamId, today);
  await syncPaymentReminders(db, teamId);
}
