import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  reminderInputSchema,
  TOAST_TIMEOUT_MS,
  type Reminder,
  type ReminderInput,
} from '@storekeep/contracts';
import { Button, Dialog, Textarea, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useTeam } from '../teams/use-team';
import { isoDayFromToday } from '../../lib/format';
import { useCreateReminder, useUpdateReminder } from './queries';

type NewReminderProps = {
  open: boolean;
  onClose: () => void;
  subject?: { type: ReminderInput['subject_type']; id: number };
};

/** "New reminder" (managers and admins): title, due date, note and assignees from the team's members. */
export function NewReminderDialog({ open, onClose, subject }: NewReminderProps) {
  const { t } = useTranslation();
  const user = useRequiredUser();
  // Its assignees are the team's members, which a franchisee's member (who creates none) may not list.
  const team = useTeam(user.team_id ?? 0, can(user, 'team.browse'));
  const create = useCreateReminder();
  const form = useForm({
    resolver: zodResolver(reminderInputSchema),
    defaultValues: {
      title: '',
      due_date: isoDayFromToday(7),
      note: '',
      assignee_ids: [] as number[],
      subject_type: subject?.type ?? null,
      subject_id: subject?.id ?? null,
    },
  });
  const { register, formState } = form;
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values as ReminderInput, {
      onSuccess: (reminder) => {
        toast.success(t('reminders.created', { title: reminder.title }), { duration: TOAST_TIMEOUT_MS });
        close();
      },
      onError: (error) =>
        applyServerErrors(error, form.setError, ['title', 'due_date', 'note', 'assignee_ids']),
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('reminders.new')}
      footer={
        <>
          <Button color="white" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="new-reminder" loading={create.isPending}>
            {t('reminders.create')}
          </Button>
        </>
      }
    >
      <form id="new-reminder" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextInput
          label={t('reminders.fields.title')}
          required
          error={formState.errors.title?.message}
          {...register('title')}
        />
        <TextInput
          label={t('reminders.fields.due_date')}
          type="date"
          required
          error={formState.errors.due_date?.message}
          {...register('due_date')}
        />
        <Textarea
          label={t('reminders.fields.note')}
          rows={3}
          error={formState.errors.note?.message}
          {...register('note')}
        />
        <fieldset>
          <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">
            {t('reminders.fields.assignees')}
          </legend>
          <Controller
            control={form.control}
            name="assignee_ids"
            render={({ field }) => {
              const ids = (field.value ?? []) as number[];
              return (
                <div className="mt-1.5 flex max-h-48 flex-col overflow-y-auto">
                  {(team.data?.members ?? []).map((member) => (
                    <label
                      key={member.id}
                      className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-700 sm:min-h-8 dark:text-gray-300"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-blue-600"
                        checked={ids.includes(member.id)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked ? [...ids, member.id] : ids.filter((id) => id !== member.id),
                          )
                        }
                      />
                      {member.name} <span className="text-gray-500">{member.email}</span>
                    </label>
                  ))}
                </div>
              );
            }}
          />
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{t('reminders.assigneesHint')}</p>
        </fieldset>
      </form>
    </Dialog>
  );
}

/** Snooze: hidden from the inbox until the chosen day. */
export function SnoozeDialog({ reminder, onClose }: { reminder: Reminder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateReminder();
  const [day, setDay] = useState(isoDayFromToday(7));
  if (!reminder) return <Dialog open={false} onClose={onClose} title="" />;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('reminders.snoozeTitle', { title: reminder.title })}
      footer={
        <>
          <Button color="white" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={update.isPending}
            disabled={!day}
            onClick={() =>
              update.mutate(
                { id: reminder.id, snoozed_until: day },
                {
                  onSuccess: () => {
                    toast.success(t('reminders.snoozed', { date: day }), { duration: TOAST_TIMEOUT_MS });
                    onClose();
                  },
                },
              )
            }
          >
            {t('reminders.snooze')}
          </Button>
        </>
      }
    >
      <TextInput
        label={t('reminders.snoozeUntil')}
        type="date"
        min={isoDayFromToday(1)}
        value={day}
        onChange={(event) => setDay(event.target.value)}
      />
    </Dialog>
  );
}
