import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Pencil, Plus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type Attribute, type AttributeSubject } from '@storekeep/contracts';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Skeleton } from '../../components/ui';
import { AttributeDialog } from './attribute-dialog';
import { useAttributeMutations, useAttributes } from './queries';

/** One record type's attributes: add, edit, move up/down, archive and unarchive. */
export function AttributesPanel({ subject }: { subject: AttributeSubject }) {
  const { t } = useTranslation();
  const list = useAttributes(subject, true);
  const { archive, reorder } = useAttributeMutations();
  const [editing, setEditing] = useState<Attribute | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Attribute | null>(null);
  const all = list.data ?? [];
  const live = all.filter((a) => !a.archived_at);
  const archived = all.filter((a) => a.archived_at);

  const move = (attribute: Attribute, by: -1 | 1) => {
    const ids = live.map((a) => a.id);
    const from = ids.indexOf(attribute.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate({ subject_type: subject, ids });
  };
  const setArchived = (attribute: Attribute, value: boolean) =>
    archive.mutate(
      { id: attribute.id, archived: value },
      {
        onSuccess: () => {
          toast.success(
            t(value ? 'attributes.archived' : 'attributes.unarchived', { label: attribute.label }),
            { duration: TOAST_TIMEOUT_MS },
          );
          setArchiving(null);
        },
      },
    );

  const addButton = (
    <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setEditing('new')}>
      {t('attributes.add')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      {list.isError ? (
        <Alert
          type="error"
          title={t('attributes.loadError')}
          action={
            <Button color="white" size="sm" onClick={() => void list.refetch()}>
              {t('attributes.retry')}
            </Button>
          }
        />
      ) : list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : live.length === 0 ? (
        <EmptyState
          icon={<SlidersHorizontal aria-hidden="true" />}
          title={t('attributes.empty')}
          text={t('attributes.emptyText', { type: t(`attributes.subjects.${subject}`).toLowerCase() })}
          action={addButton}
        />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('attributes.liveText')}</p>
            {addButton}
          </div>
          <Card title={t('attributes.liveTitle', { type: t(`attributes.subjects.${subject}`) })}>
            <div className="-mx-4 -my-5 sm:-mx-6">
              <ul
                className="divide-y divide-gray-100 dark:divide-gray-800"
                aria-label={t('attributes.liveTitle', { type: t(`attributes.subjects.${subject}`) })}
              >
                {live.map((attribute, index) => (
                  <li
                    key={attribute.id}
                    className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-6"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900 dark:text-white">
                        {attribute.label}
                        {attribute.required && (
                          <Badge color="yellow">{t('attributes.fields.required')}</Badge>
                        )}
                        {attribute.reminder && <Badge color="green">{t('attributes.remindsBadge')}</Badge>}
                      </p>
                      <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                        <span className="font-mono">{attribute.key}</span> ·{' '}
                        {t(`attributes.types.${attribute.type}`)}
                        {attribute.options.length > 0 && <> · {attribute.options.join(', ')}</>}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-1">
                      <Button
                        color="transparent"
                        size="sm"
                        aria-label={t('attributes.moveUp', { label: attribute.label })}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(attribute, -1)}
                        icon={<ArrowUp className="size-4" aria-hidden="true" />}
                      />
                      <Button
                        color="transparent"
                        size="sm"
                        aria-label={t('attributes.moveDown', { label: attribute.label })}
                        disabled={index === live.length - 1 || reorder.isPending}
                        onClick={() => move(attribute, 1)}
                        icon={<ArrowDown className="size-4" aria-hidden="true" />}
                      />
                      <Button
                        color="white"
                        size="sm"
                        icon={<Pencil className="size-4" aria-hidden="true" />}
                        aria-label={t('attributes.editLabel', { label: attribute.label })}
                        onClick={() => setEditing(attribute)}
                      >
                        {t('attributes.edit')}
                      </Button>
                      <Button
                        color="white"
                        size="sm"
                        icon={<Archive className="size-4" aria-hidden="true" />}
                        aria-label={t('attributes.archiveLabel', { label: attribute.label })}
                        onClick={() => setArchiving(attribute)}
                      >
                        {t('attributes.archive')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </Card>
        </>
      )}
      {archived.length > 0 && (
        <Card title={t('attributes.archivedTitle')} description={t('attributes.archivedText')}>
          <ul className="flex flex-col gap-3">
            {archived.map((attribute) => (
              <li key={attribute.id} className="flex items-center justify-between gap-3">
                <span className="text-sm text-gray-500 dark:text-gray-400">
                  {attribute.label} <span className="font-mono text-xs">({attribute.key})</span>
                </span>
                <Button
                  color="white"
                  size="sm"
                  icon={<ArchiveRestore className="size-4" aria-hidden="true" />}
                  aria-label={t('attributes.unarchiveLabel', { label: attribute.label })}
                  loading={archive.isPending && archive.variables?.id === attribute.id}
                  onClick={() => setArchived(attribute, false)}
                >
                  {t('attributes.unarchive')}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <AttributeDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        subject={subject}
        attribute={editing === 'new' || editing === null ? undefined : editing}
      />
      <ConfirmDialog
        open={archiving !== null}
        title={t('attributes.archiveTitle', { label: archiving?.label ?? '' })}
        message={t('attributes.archiveText')}
        confirmLabel={t('attributes.archive')}
        cancelLabel={t('common.cancel')}
        color="yellow"
        loading={archive.isPending}
        onConfirm={() => archiving && setArchived(archiving, true)}
        onClose={() => setArchiving(null)}
      />
    </div>
  );
}
