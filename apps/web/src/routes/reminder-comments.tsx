import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { commentInputSchema, type Reminder } from '@storekeep/contracts';
import { Avatar, Button, Card, RelativeTime, Skeleton, Textarea } from '../components/ui';
import { applyServerErrors } from '../lib/form-errors';
import { useAddComment, useComments, useDeleteComment, useReminder } from '../features/reminders/queries';
import { ReminderList } from '../features/reminders/reminder-list';
import { can } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';

function CommentForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const add = useAddComment(id);
  const form = useForm({ resolver: zodResolver(commentInputSchema), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values.body, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (error) => applyServerErrors(error, form.setError, ['body']),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <Textarea
        label={t('reminders.comments.add')}
        rows={3}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={add.isPending}>
          {t('reminders.comments.submit')}
        </Button>
      </div>
    </form>
  );
}

function Comments({ reminder }: { reminder: Reminder }) {
  const { t } = useTranslation();
  const comments = useComments(reminder.id);
  const remove = useDeleteComment(reminder.id);
  const [removing, setRemoving] = useState<number | null>(null);
  const items = comments.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card title={t('reminders.comments.title', { count: reminder.comments_count })}>
      {can(reminder.abilities, 'comment') && <CommentForm id={reminder.id} />}
      {comments.isPending ? (
        <Skeleton className="mt-6 h-24 w-full" />
      ) : items.length === 0 ? (
        <p className="mt-6 text-sm text-gray-500 dark:text-gray-400">{t('reminders.comments.none')}</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-5" aria-label={t('reminders.comments.list')}>
          {items.map((comment) => (
            <li key={comment.id} className="flex gap-3">
              <Avatar name={comment.author?.name ?? '?'} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 text-sm">
                  <span className="font-semibold text-gray-900 dark:text-white">
                    {comment.author?.name ?? t('reminders.comments.someone')}
                  </span>
                  <RelativeTime value={comment.created_at} className="text-gray-500" />
                  {can(comment.abilities, 'delete') && (
                    <Button
                      size="sm"
                      color="transparent"
                      className="ml-auto"
                      loading={remove.isPending && removing === comment.id}
                      icon={<Trash2 className="size-4" aria-hidden="true" />}
                      onClick={() => {
                        setRemoving(comment.id);
                        remove.mutate(comment);
                      }}
                    >
                      <span className="sr-only">{t('reminders.comments.delete')}</span>
                    </Button>
                  )}
                </div>
                <p className="mt-1 text-sm whitespace-pre-wrap text-gray-700 dark:text-gray-300">
                  {comment.body}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {comments.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            color="white"
            size="sm"
            loading={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {t('reminders.comments.more')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** /reminders/:id/comments: the reminder with its comments, newest first. */
export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const reminder = useReminder(id);
  // A franchisee's people open their reminders from notices too; comments are the franchisor's staff talking.
  const wholeTeam = can(useRequiredUser(), 'team.browse');
  return (
    <>
      <p className="mb-2 text-sm font-medium text-gray-500 dark:text-gray-400">
        <Link to="/reminders" className="hover:underline">
          {t('reminders.title')}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {reminder.data?.title ?? t('reminders.title')}
      </h1>
      {!reminder.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="flex flex-col gap-6">
          <ReminderList reminders={[reminder.data]} loading={false} emptyTitle="" />
          {reminder.data.note && (
            <Card title={t('reminders.fields.note')}>
              <p className="text-sm whitespace-pre-wrap text-gray-700 dark:text-gray-300">
                {reminder.data.note}
              </p>
            </Card>
          )}
          {wholeTeam && <Comments reminder={reminder.data} />}
        </div>
      )}
    </>
  );
}
