import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addCalendarDays, todayIn } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { buildReminder, mailTo, teamWithRoles } from '../../../test/factories';
import { escalateOverdue } from './overdue';
import { claimTeamNotices } from './scan';

const ctx = useTestApp();

/** A team whose owner is assigned reminders due `days` from today, in that order. */
async function teamWithDeadlines(days: number[]) {
  const { admin, owner, team } = await teamWithRoles(ctx);
  const today = todayIn('UTC');
  const ids: number[] = [];
  for (const [index, day] of days.entries())
    ids.push(
      (
        await buildReminder(admin, {
          title: `Sliced deadline ${index}`,
          due_date: addCalendarDays(today, day),
          assignee_ids: [owner.id],
        })
      ).id,
    );
  return { owner, team, today, ids };
}

const noticesOf = async (ids: number[]) =>
  (
    await ctx.db
      .selectFrom('reminder_notices')
      .select('reminder_id')
      .where('reminder_id', 'in', ids)
      .orderBy('reminder_id')
      .execute()
  ).map((row) => row.reminder_id);

const dueSoonMails = async (email: string) =>
  (await mailTo(ctx, email)).filter((mail) => mail.subject.startsWith('Due soon: Sliced deadline'));

/** Makes the database itself refuse a notice for one reminder, as a statement cancelled half way would. */
async function refuseNoticeFor(reminderId: number) {
  if (ctx.app.deps.dialect === 'postgres') {
    await sql
      .raw(
        `create function refuse_notice() returns trigger language plpgsql as $$ begin
           if new.reminder_id = ${reminderId} then raise exception 'notice refused'; end if; return new; end $$`,
      )
      .execute(ctx.db);
    await sql`create trigger refuse_notice before insert on reminder_notices for each row execute function refuse_notice()`.execute(
      ctx.db,
    );
    return async () => {
      await sql`drop trigger refuse_notice on reminder_notices`.execute(ctx.db);
      await sql`drop function refuse_notice`.execute(ctx.db);
    };
  }
  await sql
    .raw(
      `create trigger refuse_notice before insert on reminder_notices when new.reminder_id = ${reminderId}
       begin select raise(abort, 'notice refused'); end`,
    )
    .execute(ctx.db);
  return async () => void (await sql`drop trigger refuse_notice`.execute(ctx.db));
}

describe('claims over a team bigger than one slice', () => {
  it('claim every notice due, slice edges inside a day included, each once, and mail the last week’s at once', async () => {
    // Three deadlines on one day, so a slice of two ends between reminders that share a due date.
    const { owner, team, today, ids } = await teamWithDeadlines([2, 3, 3, 3, 5, 20, 40]);

    expect(await claimTeamNotices(ctx.app.deps, team.id, today, 2)).toBe(7);
    expect(await claimTeamNotices(ctx.app.deps, team.id, today, 2)).toBe(0);
    expect(await noticesOf(ids)).toEqual([...ids].sort((a, b) => a - b));
    const mails = await dueSoonMails(owner.email);
    expect(mails.map((mail) => mail.subject.match(/Sliced deadline \d/)![0]).sort()).toEqual([
      'Sliced deadline 0',
      'Sliced deadline 1',
      'Sliced deadline 2',
      'Sliced deadline 3',
      'Sliced deadline 4',
    ]);
  });

  it('keep the slices claimed before one that fails, and the next tick claims the rest once', async () => {
    const { owner, team, today, ids } = await teamWithDeadlines([1, 2, 3, 4, 5]);
    const allow = await refuseNoticeFor(ids[2]!);
    try {
      await expect(claimTeamNotices(ctx.app.deps, team.id, today, 2)).rejects.toThrow(/notice refused/);
    } finally {
      await allow();
    }
    // The first slice was claimed and mailed; the failed slice left nothing behind, nor did the one after it.
    expect(await noticesOf(ids)).toEqual([ids[0], ids[1]]);
    expect(await dueSoonMails(owner.email)).toHaveLength(2);

    expect(await claimTeamNotices(ctx.app.deps, team.id, today, 2)).toBe(3);
    expect(await noticesOf(ids)).toEqual(ids);
    expect(await dueSoonMails(owner.email)).toHaveLength(5);
  });

  it('escalate every missed deadline once, in one message per person per slice', async () => {
    const { owner, team, today, ids } = await teamWithDeadlines([1, 1, 2, 3, 3]);
    const later = addCalendarDays(today, 10);

    expect(await escalateOverdue(ctx.app.deps, team.id, later, 2)).toBe(5);
    expect(await escalateOverdue(ctx.app.deps, team.id, later, 2)).toBe(0);
    const escalated = await ctx.db
      .selectFrom('reminder_escalations')
      .select('reminder_id')
      .where('reminder_id', 'in', ids)
      .execute();
    expect(escalated.map((row) => row.reminder_id).sort((a, b) => a - b)).toEqual(ids);
    const overdue = (await mailTo(ctx, owner.email)).filter((mail) => mail.text.includes('Sliced deadline'));
    expect(overdue.map((mail) => mail.subject)).toEqual([
      `${team.name}: 2 critical dates are overdue`,
      `${team.name}: 2 critical dates are overdue`,
      `Overdue: Sliced deadline 4 (was due ${addCalendarDays(today, 3)})`,
    ]);
  });
});
