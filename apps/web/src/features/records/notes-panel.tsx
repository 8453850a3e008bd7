import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { noteInputSchema, TOAST_TIMEOUT_MS, type Note, type RecordType } from '@storekeep/contracts';
import {
  Avatar,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Pagination,
  RelativeTime,
  Skeleton,
  Textarea,
} from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { useNoteMutations, useNotes } from './queries';
import { usePaginationLabels } from './use-pagination-labels';
import { can } from '../auth/permissions';

type NoteFormProps = {
  initial?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: string, done: () => void, fail: (error: unknown) => void) => void;
  onCancel?: () => void;
  label: string;
};

function NoteForm({ initial = '', submitLabel, pending, onSubmit, onCancel, label }: NoteFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(noteInputSchema),
    defaultValues: { body: initial },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit(
          values.body,
          () => reset({ body: '' }),
          (error) => applyServerErrors(error, setError, ['body']),
        ),
      )}
      className="flex flex-col gap-3"
    >
      <Textarea label={label} rows={3} error={formState.errors.body?.message} {...register('body')} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button color="white" size="sm" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" size="sm" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Notes of a record, newest first; managers and admins add; the author or an admin edits and deletes. */
export function NotesPanel({ type, id, canAdd }: { type: RecordType; id: number; canAdd: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notes = useNotes(type, id, page);
  const { add, update, remove } = useNoteMutations(type, id);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const paginationLabels = usePaginationLabels();
  const list = notes.data?.data ?? [];
  const meta = notes.data?.meta;

  return (
    <div className="flex flex-col gap-6">
      {canAdd && (
        <Card>
          <NoteForm
            label={t('notes.add')}
            submitLabel={t('notes.addButton')}
            pending={add.isPending}
            onSubmit={(body, done, fail) =>
              add.mutate(body, {
                onSuccess: () => {
                  done();
                  setPage(1);
                  toast.success(t('notes.added'), { duration: TOAST_TIMEOUT_MS });
                },
                onError: fail,
              })
            }
          />
        </Card>
      )}
      {notes.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<MessageSquare aria-hidden="true" />}
          title={t('notes.empty')}
          text={canAdd ? t('notes.emptyText') : undefined}
        />
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t('notes.title')}>
          {list.map((note) => (
            <li
              key={note.id}
              className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
            >
              <div className="flex items-start gap-3">
                <Avatar name={note.author?.name ?? '?'} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="text-sm font-semibold text-gray-900 dark:text-white">
                      {note.author?.name ?? t('activity.system')}
                    </p>
                    <p className="text-xs text-gray-500">
                      <RelativeTime value={note.created_at} />
                      {note.updated_at !== note.created_at && ` · ${t('notes.edited')}`}
                    </p>
                  </div>
                  {editing === note.id ? (
                    <div className="mt-2">
                      <NoteForm
                        label={t('notes.edit')}
                        initial={note.body}
                        submitLabel={t('common.save')}
                        pending={update.isPending}
                        onCancel={() => setEditing(null)}
                        onSubmit={(body, _done, fail) =>
                          update.mutate({ note, body }, { onSuccess: () => setEditing(null), onError: fail })
                        }
                      />
                    </div>
                  ) : (
                    <p className="mt-1 text-sm whitespace-pre-wrap text-gray-700 dark:text-gray-300">
                      {note.body}
                    </p>
                  )}
                  {editing !== note.id &&
                    (can(note.abilities, 'update') || can(note.abilities, 'delete')) && (
                      <div className="mt-2 flex gap-1">
                        {can(note.abilities, 'update') && (
                          <Button color="transparent" size="sm" onClick={() => setEditing(note.id)}>
                            {t('notes.edit')}
                          </Button>
                        )}
                        {can(note.abilities, 'delete') && (
                          <Button
                            color="transparent"
                            size="sm"
                            className="text-red-600 dark:text-red-400"
                            onClick={() => setDeleting(note)}
                          >
                            {t('common.delete')}
                          </Button>
                        )}
                      </div>
                    )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {meta && meta.last_page > 1 && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          from={meta.from}
          to={meta.to}
          total={meta.total}
          onPage={setPage}
          labels={paginationLabels}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('notes.deleteTitle')}
        message={t('notes.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          // The note goes at once (optimistic); it comes back with an error toast if the server refuses.
          remove.mutate(deleting, {
            onSuccess: () => toast.success(t('notes.deleted'), { duration: TOAST_TIMEOUT_MS }),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}
