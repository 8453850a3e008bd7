import { AlarmClock, Bell, BellOff, CheckCircle2, MessageSquare, RotateCcw, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type Reminder } from '@storekeep/contracts';
import { Badge, Button, EmptyState, Skeleton } from '../../components/ui';
import { formatDay, formatMonth } from '../../lib/format';
import { isoDayFromToday } from '../../lib/format';
import { DueDate, SubjectLink, subjectPath } from './display';
import { useBulkUpdateReminders, useToggleMute, useUpdateReminder } from './queries';
import { SnoozeDialog } from './reminder-dialogs';
import { can } from '../auth/permissions';
import { opensRecordPage } from '../auth/record-pages';
import { useRequiredUser } from '../auth/use-auth-user';

/** One reminder: title, subject, due date with relative time, comments and assignees, and its actions. */
export function ReminderRow({
  reminder,
  onSnooze,
  selected,
  onSelect,
}: {
  reminder: Reminder;
  onSnooze: (reminder: Reminder) => void;
  selected?: boolean;
  onSelect?: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  // A franchisee's member completes and snoozes their reminders; its comments and mutes are the franchisor's.
  const user = useRequiredUser();
  const wholeTeam = can(user, 'team.browse');
  const update = useUpdateReminder();
  const mute = useToggleMute();
  const toggleMute = () =>
    mute.mutate(reminder, {
      onSuccess: ({ muted }) =>
        toast.success(
          t(muted ? 'reminders.mutedToast' : 'reminders.unmutedToast', {
            name: reminder.subject?.name || reminder.title,
          }),
          { duration: TOAST_TIMEOUT_MS },
        ),
    });
  const done = reminder.read_at !== null;
  const toggle = () =>
    update.mutate(
      { id: reminder.id, read: !done },
      {
        onSuccess: () =>
          toast.success(t(done ? 'reminders.reopened' : 'reminders.completed', { title: reminder.title }), {
            duration: TOAST_TIMEOUT_MS,
          }),
      },
    );
  return (
    // On a phone a card is three short lines: the checkbox beside the title, the facts, and one row of actions
    // (mute and snooze as 44 px icons, their names for screen readers; complete keeps its word).
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:px-6 sm:py-4"
      data-testid="reminder-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-1 sm:items-center sm:gap-3">
        {onSelect && (
          <label className="-my-2.5 -ml-3 flex size-11 shrink-0 cursor-pointer items-center justify-center sm:m-0 sm:size-auto">
            <input
              type="checkbox"
              className="size-5 rounded border-gray-300 accent-blue-600 sm:size-4"
              checked={selected ?? false}
              onChange={(event) => onSelect(event.currentTarget.checked)}
              aria-label={t('inbox.select', { title: reminder.title })}
            />
          </label>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {wholeTeam ? (
              <Link
                to={`/reminders/${reminder.id}/comments`}
                className={`font-semibold hover:underline ${done ? 'text-gray-500 line-through' : 'text-gray-900 dark:text-white'}`}
              >
                {reminder.title}
              </Link>
            ) : (
              <span
                className={`font-semibold ${done ? 'text-gray-500 line-through' : 'text-gray-900 dark:text-white'}`}
              >
                {reminder.title}
              </span>
            )}
            <Badge color={reminder.source === 'manual' ? 'gray' : 'blue'}>
              {t(`reminders.sources.${reminder.source}`)}
            </Badge>
            {reminder.overdue && <Badge color="red">{t('reminders.overdue')}</Badge>}
            {done && reminder.closed_reason && (
              <Badge color="gray">{t(`inbox.closedReasons.${reminder.closed_reason}`)}</Badge>
            )}
            {reminder.muted && <Badge color="gray">{t('reminders.mutedBadge')}</Badge>}
            {reminder.snoozed_until && !done && (
              <Badge color="yellow">
                {t('reminders.snoozedUntil', { date: formatDay(reminder.snoozed_until) })}
              </Badge>
            )}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
            <DueDate day={reminder.due_date} done={done} />
            {/* A franchisee's member reads a reminder about their company: its name, not a link to a refused page. */}
            {reminder.subject &&
            !opensRecordPage(user, subjectPath(reminder.subject).split(/[/?]/)[1] ?? '') ? (
              <span className="text-gray-900 dark:text-white">
                <span className="sr-only">{t(`reminders.subjects.${reminder.subject.type}`)}: </span>
                {reminder.subject.name}
              </span>
            ) : (
              <SubjectLink subject={reminder.subject} />
            )}
            {wholeTeam && (
              <Link
                to={`/reminders/${reminder.id}/comments`}
                className="inline-flex items-center gap-1 hover:underline"
                aria-label={t('reminders.commentsCount', { count: reminder.comments_count })}
              >
                <MessageSquare className="size-4" aria-hidden="true" />
                <span data-testid="comments-count">{reminder.comments_count}</span>
              </Link>
            )}
            {reminder.assignees.length > 0 && (
              <span className="inline-flex items-center gap-1">
                <Users className="size-4" aria-hidden="true" />
                <span className="sr-only">{t('reminders.fields.assignees')}: </span>
                {reminder.assignees.map((assignee) => assignee.name).join(', ')}
              </span>
            )}
          </div>
        </div>
      </div>
      <div className={`flex shrink-0 gap-2 ${onSelect ? 'max-sm:pl-9' : ''}`}>
        {can(reminder.abilities, 'mute') && (
          <Button
            size="sm"
            color="white"
            className="max-sm:min-w-11"
            aria-pressed={reminder.muted}
            title={t(
              reminder.muted
                ? 'reminders.unmuteHint'
                : reminder.subject
                  ? 'reminders.muteHint'
                  : 'reminders.muteReminderHint',
            )}
            icon={
              reminder.muted ? (
                <Bell className="size-4" aria-hidden="true" />
              ) : (
                <BellOff className="size-4" aria-hidden="true" />
              )
            }
            onClick={toggleMute}
          >
            <span className="max-sm:sr-only">
              {reminder.muted ? t('reminders.unmute') : t('reminders.mute')}
            </span>
            <span className="sr-only"> {reminder.title}</span>
          </Button>
        )}
        {/* Observers read and mute; completing, reopening and snoozing change the team's list (the server's abilities say who may). */}
        {!done && can(reminder.abilities, 'snooze') && (
          <Button
            size="sm"
            color="white"
            className="max-sm:min-w-11"
            icon={<AlarmClock className="size-4" aria-hidden="true" />}
            onClick={() => onSnooze(reminder)}
          >
            <span className="max-sm:sr-only">{t('reminders.snooze')}</span>
            <span className="sr-only"> {reminder.title}</span>
          </Button>
        )}
        {can(reminder.abilities, 'complete') && (
          <Button
            size="sm"
            color={done ? 'white' : 'green'}
            icon={
              done ? (
                <RotateCcw className="size-4" aria-hidden="true" />
              ) : (
                <CheckCircle2 className="size-4" aria-hidden="true" />
              )
            }
            onClick={toggle}
          >
            {done ? t('reminders.reopen') : t('reminders.complete')}
            <span className="sr-only"> {reminder.title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

type ReminderListProps = {
  reminders: Reminder[];
  loading: boolean;
  emptyTitle: string;
  emptyText?: string;
  /** The inbox: rows can be selected for one change to all of them, and are grouped by the month they are due. */
  inbox?: { userId: number };
};

/** Consecutive reminders by the calendar month of their due date, in the list's order. */
function byMonth(reminders: Reminder[]) {
  const groups: Array<{ month: string; reminders: Reminder[] }> = [];
  for (const reminder of reminders) {
    const month = reminder.due_date.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.reminders.push(reminder);
    else groups.push({ month, reminders: [reminder] });
  }
  return groups;
}

/** The bar over a selection: complete, snooze a week or assign to me, all at once. */
function BulkBar({ ids, userId, onDone }: { ids: number[]; userId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkUpdateReminders();
  const run = (change: { read?: boolean; snoozed_until?: string; assignee_ids?: number[] }, done: string) =>
    bulk.mutate(
      { ids, ...change },
      {
        onSuccess: () => {
          toast.success(t(done, { count: ids.length }), { duration: TOAST_TIMEOUT_MS });
          onDone();
        },
      },
    );
  return (
    <div
      className="sticky top-16 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 px-4 py-2 text-sm ring-1 ring-blue-200 dark:bg-blue-950 dark:ring-blue-900"
      role="region"
      aria-label={t('inbox.bulk.label')}
    >
      <span className="mr-2 font-medium text-blue-900 dark:text-blue-100">
        {t('inbox.bulk.selected', { count: ids.length })}
      </span>
      <Button
        size="sm"
        color="green"
        loading={bulk.isPending}
        onClick={() => run({ read: true }, 'inbox.bulk.completed')}
      >
        {t('reminders.complete')}
      </Button>
      <Button
        size="sm"
        color="white"
        onClick={() => run({ snoozed_until: isoDayFromToday(7) }, 'inbox.bulk.snoozed')}
      >
        {t('inbox.bulk.snoozeWeek')}
      </Button>
      <Button size="sm" color="white" onClick={() => run({ assignee_ids: [userId] }, 'inbox.bulk.assigned')}>
        {t('inbox.bulk.assignMe')}
      </Button>
      <Button size="sm" color="transparent" onClick={onDone}>
        {t('inbox.bulk.clear')}
      </Button>
    </div>
  );
}

export function ReminderList({ reminders, loading, emptyTitle, emptyText, inbox }: ReminderListProps) {
  // Bulk changes are the franchisor's: a franchisee's member completes their reminders one by one.
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  const [snoozing, setSnoozing] = useState<Reminder | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  if (loading)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-20 w-full" />
        ))}
      </div>
    );
  if (reminders.length === 0)
    return <EmptyState icon={<BellOff aria-hidden="true" />} title={emptyTitle} text={emptyText} />;
  const selectable =
    inbox !== undefined && wholeTeam && reminders.some((reminder) => can(reminder.abilities, 'complete'));
  const visibleSelection = reminders
    .filter((reminder) => selected.has(reminder.id))
    .map((reminder) => reminder.id);
  const select = (id: number) => (checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const rows = (list: Reminder[]) => (
    <ul className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 dark:divide-gray-800 dark:bg-gray-900 dark:ring-white/10">
      {list.map((reminder) => (
        <ReminderRow
          key={reminder.id}
          reminder={reminder}
          onSnooze={setSnoozing}
          selected={selected.has(reminder.id)}
          onSelect={selectable ? select(reminder.id) : undefined}
        />
      ))}
    </ul>
  );
  return (
    <>
      {selectable && visibleSelection.length > 0 && (
        <BulkBar ids={visibleSelection} userId={inbox.userId} onDone={() => setSelected(new Set())} />
      )}
      {inbox ? (
        <div className="flex flex-col gap-6">
          {byMonth(reminders).map((group) => (
            <section key={group.month} aria-label={formatMonth(group.month)}>
              <h2 className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">
                {formatMonth(group.month)}
              </h2>
              {rows(group.reminders)}
            </section>
          ))}
        </div>
      ) : (
        rows(reminders)
      )}
      <SnoozeDialog key={snoozing?.id ?? 0} reminder={snoozing} onClose={() => setSnoozing(null)} />
    </>
  );
}
