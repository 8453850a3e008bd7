import { Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses, Card, ConfirmDialog, Skeleton } from '../../components/ui';
import { can, type Abilities } from '../auth/permissions';
import { UNDO_TOAST_MS } from '../records/detail-page';
import { deleteResource, invalidateContracts, restoreResource } from './queries';

type DetailShellProps = {
  resource: 'leases' | 'agreements';
  id: number;
  section: string;
  title: string;
  /** Status badge and key facts under the title. */
  facts: ReactNode;
  abilities: Abilities;
  /** Called before the delete lands, so the page stops reading a record that is gone. */
  onGone: () => void;
  children: ReactNode;
};

/**
 * The read-only page of a lease or agreement: a header with key facts, Edit and Delete only when the
 * record's abilities (the server's policy) allow them, then the sections.
 */
export function DetailShell({
  resource,
  id,
  section,
  title,
  facts,
  abilities,
  onGone,
  children,
}: DetailShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canUpdate = can(abilities, 'update');
  const canDelete = can(abilities, 'delete');

  // As on the record pages: stop reading the record, leave its page, then refresh lists and offer undo.
  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await deleteResource(resource, id);
      flushSync(() => {
        onGone();
        setConfirming(false);
      });
      navigate(`/${resource}`);
      invalidateContracts();
      toast.success(t('leaseView.deleted', { name: title }), {
        duration: UNDO_TOAST_MS,
        action: {
          label: t('leaseView.undo'),
          onClick: () =>
            void restoreResource(resource, id).then(() =>
              toast.success(t('leaseView.restored', { name: title }), { duration: 3000 }),
            ),
        },
      });
    } catch {
      // The error toast is shown by the API error mapping.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-gray-500 dark:text-gray-400">
            <Link to={`/${resource}`} className="hover:underline">
              {section}
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words text-gray-900 dark:text-white">
            {title}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
            {facts}
          </div>
        </div>
        {(canUpdate || canDelete) && (
          <div className="flex shrink-0 gap-3">
            {canUpdate && (
              <Link to={`/${resource}/${id}/edit`} className={buttonClasses('white')}>
                <Pencil className="size-4" aria-hidden="true" />
                {t('records.edit')}
              </Link>
            )}
            {canDelete && (
              <Button
                color="white"
                className="text-red-600 dark:text-red-400"
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                {t('common.delete')}
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="flex flex-col gap-6">{children}</div>
      <ConfirmDialog
        open={confirming}
        title={t('records.deleteTitle', { name: title })}
        message={t('leaseView.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        loading={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

export function DetailSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-4 w-56" />
      </div>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/** A titled section whose body is a message when it has nothing to show. */
export function Section({
  title,
  empty,
  children,
  action,
}: {
  title: string;
  empty?: string | false;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card
      title={
        action ? (
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span>{title}</span>
            {action}
          </span>
        ) : (
          title
        )
      }
    >
      {empty ? <p className="text-sm text-gray-500 dark:text-gray-400">{empty}</p> : children}
    </Card>
  );
}
