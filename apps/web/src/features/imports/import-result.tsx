import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type ImportDto } from '@storekeep/contracts';
import { apiUrl } from '../../api/client';
import {
  Alert,
  Badge,
  Button,
  buttonClasses,
  Card,
  ConfirmDialog,
  DataTable,
  EmptyState,
  Pagination,
  ProgressBar,
  RelativeTime,
  type BadgeColor,
  type DataColumn,
} from '../../components/ui';
import { invalidateRecords } from '../records/queries';
import { usePaginationLabels } from '../records/use-pagination-labels';
import { useCancelImport, useImportHistory, useUndoImport } from './queries';

export const STATUS_COLORS: Record<ImportDto['status'], BadgeColor> = {
  uploaded: 'gray',
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
  undone: 'gray',
};

function UndoButton({ dto, size = 'md' }: { dto: ImportDto; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const undo = useUndoImport();
  if (!dto.can_undo) return null;
  return (
    <>
      <Button color="white" size={size} onClick={() => setOpen(true)}>
        {t('imports.run.undo')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('imports.run.undoTitle')}
        message={t('imports.run.undoText')}
        confirmLabel={t('imports.run.undoConfirm')}
        cancelLabel={t('common.cancel')}
        loading={undo.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          undo.mutate(dto.id, {
            onSuccess: () =>
              toast.success(t('imports.run.undoneToast', { file: dto.file_name }), {
                duration: TOAST_TIMEOUT_MS,
              }),
            onSettled: () => setOpen(false),
          })
        }
      />
    </>
  );
}

const errorReportUrl = (dto: ImportDto) => apiUrl(`/imports/${dto.id}/errors`);

/** Step 4: live progress while the run goes, then what it did, with the error report and undo. */
export function RunPanel({ dto, onAgain }: { dto: ImportDto; onAgain: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelImport();
  const active = dto.status === 'queued' || dto.status === 'running';
  const writing = dto.processed_rows > 0;
  const total = Math.max(dto.total_rows - dto.error_count - dto.skipped_count, dto.processed_rows, 1);
  const percent = active ? (writing ? (dto.processed_rows / total) * 100 : 5) : 100;
  const typeLabel = t(`imports.types.${dto.type}`);
  // Once a run has ended, cached lists (current for 120 s) and the dashboard may miss what it wrote.
  useEffect(() => {
    if (!active) void invalidateRecords();
  }, [active, dto.id, dto.status]);

  return (
    <Card title={t('imports.run.title', { file: dto.file_name })}>
      {active ? (
        <div className="flex flex-col gap-3" aria-live="polite">
          <ProgressBar
            value={percent}
            label={t('imports.run.title', { file: dto.file_name })}
            className="h-2 rounded-full bg-gray-100 dark:bg-gray-800"
          />
          <div className="flex items-center justify-between gap-3 text-sm text-gray-700 dark:text-gray-300">
            <span>
              {dto.status === 'queued'
                ? t('imports.run.queued')
                : writing
                  ? t('imports.run.progress', {
                      done: dto.processed_rows.toLocaleString('en-US'),
                      total: total.toLocaleString('en-US'),
                    })
                  : t('imports.run.checking')}
            </span>
            <Button
              color="white"
              size="sm"
              onClick={() => cancel.mutate(dto.id)}
              loading={cancel.isPending}
              disabled={!!cancel.data}
            >
              {cancel.data ? t('imports.run.cancelling') : t('imports.run.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {dto.status === 'completed' && (
            <Alert type="success">
              {t('imports.run.completed', {
                created: dto.created_count,
                updated: dto.updated_count,
                skipped: dto.skipped_count,
              })}
              {dto.error_count > 0 && ` ${t('imports.run.withErrors', { count: dto.error_count })}`}
            </Alert>
          )}
          {dto.status === 'failed' && (
            <Alert type="error">{`${t('imports.run.failed')} ${dto.message ?? ''}`}</Alert>
          )}
          {dto.status === 'cancelled' && <Alert type="warning">{t('imports.run.cancelled')}</Alert>}
          {dto.status === 'undone' && <Alert type="warning">{t('imports.run.undone')}</Alert>}
          <div className="flex flex-wrap gap-3">
            {dto.error_count > 0 && (
              <a className={buttonClasses('white')} href={errorReportUrl(dto)} download>
                {t('imports.run.errorReport')}
              </a>
            )}
            <UndoButton dto={dto} />
            {dto.status === 'completed' && (
              <Link className={buttonClasses('white')} to={`/${dto.type}`}>
                {t('imports.run.view', { type: typeLabel.toLowerCase() })}
              </Link>
            )}
            <Button onClick={onAgain}>{t('imports.run.again')}</Button>
          </div>
        </div>
      )}
    </Card>
  );
}

/** The team's earlier runs, newest first. */
export function ImportHistory({ onOpen }: { onOpen: (dto: ImportDto) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useImportHistory(page);
  const labels = usePaginationLabels();
  const columns: DataColumn<ImportDto>[] = [
    { key: 'when', header: t('imports.history.when'), cell: (d) => <RelativeTime value={d.created_at} /> },
    { key: 'type', header: t('imports.history.type'), cell: (d) => t(`imports.types.${d.type}`) },
    {
      key: 'file',
      header: t('imports.history.file'),
      cell: (d) => <span className="block max-w-48 truncate">{d.file_name}</span>,
    },
    {
      key: 'status',
      header: t('imports.history.status'),
      cell: (d) => <Badge color={STATUS_COLORS[d.status]}>{t(`imports.statuses.${d.status}`)}</Badge>,
    },
    {
      key: 'result',
      header: t('imports.history.result'),
      hideOnMobile: true,
      cell: (d) =>
        t('imports.history.counts', {
          created: d.created_count,
          updated: d.updated_count,
          errors: d.error_count,
        }),
    },
    { key: 'by', header: t('imports.history.by'), hideOnMobile: true, cell: (d) => d.user?.name ?? '—' },
    {
      key: 'actions',
      header: <span className="sr-only">{t('imports.history.open')}</span>,
      cell: (d) => (
        <div className="flex justify-end gap-2" onClick={(event) => event.stopPropagation()}>
          {d.error_count > 0 && (
            <a className={buttonClasses('transparent', 'sm')} href={errorReportUrl(d)} download>
              {t('imports.run.errorReport')}
            </a>
          )}
          <UndoButton dto={d} size="sm" />
        </div>
      ),
    },
  ];
  const rows = history.data?.data ?? [];
  return (
    <Card title={t('imports.history.title')}>
      {!history.isLoading && !rows.length ? (
        <EmptyState title={t('imports.history.empty')} text={t('imports.history.emptyText')} />
      ) : (
        <>
          <div className="-mx-4 sm:-mx-6">
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(d) => d.id}
              caption={t('imports.history.caption')}
              loading={history.isLoading}
              skeletonRows={3}
              onRowOpen={onOpen}
              rowLabel={(d) => d.file_name}
            />
          </div>
          {history.data && history.data.meta.last_page > 1 && (
            <Pagination
              page={history.data.meta.current_page}
              lastPage={history.data.meta.last_page}
              from={history.data.meta.from}
              to={history.data.meta.to}
              total={history.data.meta.total}
              onPage={setPage}
              labels={labels}
            />
          )}
        </>
      )}
    </Card>
  );
}
