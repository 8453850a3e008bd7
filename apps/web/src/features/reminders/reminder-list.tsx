import { AlarmClock, Bell, BellOff, CheckCircle2, MessageSquare, RotateCcw, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type Reminder } from '@storekeep/contracts';
import { Badge, Button, EmptyState, Skeleton } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { DueDate, SubjectLink } from './display';
import { useToggleMute, useUpdateReminder } from './queries';
import { SnoozeDialog } from './reminder-dialogs';

/** One reminder: title, subject, due date with relative time, comments and assignees, and its actions. */
export function ReminderRow({ reminder, onSnooze }: { reminder: Reminder; onSnooze: (reminder: Reminder) => void }) {
  const { t } = useTranslation();
  const update = useUpdateReminder();
  const mute = useToggleMute();
  const toggleMute = () =>
    mute.mutate(reminder, {
      onSuccess: ({ muted }) =>
        toast.success(t(muted ? 'reminders.mutedToast' : 'reminders.unmutedToast', { name: reminder.subject?.name || reminder.title }), { duration: TOAST_TIMEOUT_MS }),
    });
  const done = reminder.read_at !== null;
  const toggle = () =>
    update.mutate(
      { id: reminder.id, read: !done },
      { onSuccess: () => toast.success(t(done ? 'reminders.reopened' : 'reminders.completed', { title: reminder.title }), { duration: TOAST_TIMEOUT_MS }) },
    );
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6" data-testid="reminder-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/reminders/${reminder.id}/comments`} className={`font-semibold hover:underline ${done ? 'text-gray-500 line-through' : 'text-gray-900 dark:text-white'}`}>
            {reminder.title}
          </Link>
          <Badge color={reminder.source === 'manual' ? 'gray' : 'blue'}>{t(`reminders.sources.${reminder.source}`)}</Badge>
          {reminder.muted && <Badge color="gray">{t('reminders.mutedBadge')}</Badge>}
          {reminder.snoozed_until && !done && <Badge color="yellow">{t('reminders.snoozedUntil', { date: formatDay(reminder.snoozed_until) })}</Badge>}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
          <DueDate day={reminder.due_date} done={done} />
          <SubjectLink subject={reminder.subject} />
          <Link to={`/reminders/${reminder.id}/comments`} className="inline-flex items-center gap-1 hover:underline" aria-label={t('reminders.commentsCount', { count: reminder.comments_count })}>
            <MessageSquare className="size-4" aria-hidden="true" />
            <span data-testid="comments-count">{reminder.comments_count}</span>
          </Link>
          {reminder.assignees.length > 0 && (
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('reminders.fields.assignees')}: </span>
              {reminder.assignees.map((assignee) => assignee.name).join(', ')}
            </span>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          size="sm"
          color="white"
          aria-pressed={reminder.muted}
          title={t(reminder.muted ? 'reminders.unmuteHint' : reminder.subject ? 'reminders.muteHint' : 'reminders.muteReminderHint')}
          icon={reminder.muted ? <Bell className="size-4" aria-hidden="true" /> : <BellOff className="size-4" aria-hidden="true" />}
          onClick={toggleMute}
        >
          {reminder.muted ? t('reminders.unmute') : t('reminders.mute')}
          <span className="sr-only"> {reminder.title}</span>
        </Button>
        {!done && (
          <Button size="sm" color="white" icon={<AlarmClock className="size-4" aria-hidden="true" />} onClick={() => onSnooze(reminder)}>
            {t('reminders.snooze')}
            <span className="sr-only"> {reminder.title}</span>
          </Button>
        )}
        <Button
          size="sm"
          color={done ? 'white' : 'green'}
          icon={done ? <RotateCcw className="size-4" aria-hidden="true" /> : <CheckCircle2 className="size-4" aria-hidden="true" />}
          onClick={toggle}
        >
          {done ? t('reminders.reopen') : t('reminders.complete')}
          <span className="sr-only"> {reminder.title}</span>
        </Button>
      </div>
    </li>
  );
}

type ReminderListProps = { reminders: Reminder[]; loading: boolean; emptyTitle: string; emptyText?: string };

export function ReminderList({ reminders, loading, emptyTitle, emptyText }: ReminderListProps) {
  const [snoozing, setSnoozing] = useState<Reminder | null>(null);
  if (loading)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-20 w-full" />
        ))}
      </div>
    );
  if (reminders.length === 0) return <EmptyState icon={<BellOff aria-hidden="true" />} title={emptyTitle} text={emptyText} />;
  return (
    <>
      <ul className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 dark:divide-gray-800 dark:bg-gray-900 dark:ring-white/10">
        {reminders.map((reminder) => (
          <ReminderRow key={reminder.id} reminder={reminder} onSnooze={setSnoozing} />
        ))}
      </ul>
      <SnoozeDialog key={snoozing?.id ?? 0} reminder={snoozing} onClose={() => setSnoozing(null)} />
    </>
  );
}
