import { FileText, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type DocumentDto, type LinkableType } from '@storekeep/contracts';
import { errorMessages, showErrorToast } from '../../api/error-mapping';
import { Button, DataTable, EmptyState, Pagination, type DataColumn } from '../../components/ui';
import { defaultListParams } from '../records/list-params';
import { usePaginationLabels } from '../records/use-pagination-labels';
import { useDocumentColumns } from './columns';
import { DocumentDrawer, useDocumentParam } from './drawer';
import { invalidateDocuments, unlinkDocument, useRecordDocuments } from './queries';
import { DropZone, ShareUploadsCheckbox, UploadFilesButton, UploadList, useUploadQueue } from './upload';

type RecordDocumentsProps = { type: LinkableType; id: number; name: string; canUpload: boolean };

/** A record's Documents tab: its files, uploads that land linked to it (409 on a duplicate), unlink and the drawer. */
export function RecordDocumentsPanel({ type, id, name, canUpload }: RecordDocumentsProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const params = defaultListParams({ page });
  const list = useRecordDocuments(type, id, params);
  const uploads = useUploadQueue(`/${type}/${id}/documents`);
  const drawer = useDocumentParam();
  const labels = usePaginationLabels();
  const [unlinking, setUnlinking] = useState<number | null>(null);
  const base = useDocumentColumns().filter((column) => column.key !== 'links');
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  const unlink = async (document: DocumentDto) => {
    setUnlinking(document.id);
    try {
      await unlinkDocument(document.id, { type, id });
      await invalidateDocuments();
      toast.success(t('documents.links.unlinkedFrom', { title: document.title, name }), {
        duration: TOAST_TIMEOUT_MS,
      });
    } catch (error) {
      showErrorToast(errorMessages(error));
    } finally {
      setUnlinking(null);
    }
  };

  const columns: DataColumn<DocumentDto>[] = canUpload
    ? [
        ...base,
        {
          key: 'actions',
          header: <span className="sr-only">{t('documents.list.actions')}</span>,
          className: 'text-right',
          cell: (document) => (
            <Button
              size="sm"
              color="transparent"
              loading={unlinking === document.id}
              icon={<Unlink className="size-4" aria-hidden="true" />}
              aria-label={t('documents.links.unlinkDocument', { title: document.title, name })}
              onClick={() => void unlink(document)}
            >
              {t('documents.links.unlink')}
            </Button>
          ),
        },
      ]
    : base;

  return (
    <div className="flex flex-col gap-4">
      {canUpload && (
        <div>
          <div className="mb-3 flex items-center justify-between gap-3">
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t('documents.record.intro', { name })}
            </p>
            <UploadFilesButton onFiles={uploads.add} color="white" />
          </div>
          <DropZone onFiles={uploads.add} />
          <ShareUploadsCheckbox shared={uploads.shared} setShared={uploads.setShared} />
          <UploadList {...uploads} />
        </div>
      )}
      {!list.isPending && rows.length === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden="true" />}
          title={t('documents.record.empty')}
          text={t(canUpload ? 'documents.record.emptyText' : 'documents.list.emptyTextObserver')}
        />
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            caption={t('documents.record.caption', { name })}
            loading={list.isPending}
            onRowOpen={(row) => drawer.open(row.id)}
            rowLabel={(row) => row.title}
          />
          {meta && meta.last_page > 1 && (
            <Pagination
              page={meta.current_page}
              lastPage={meta.last_page}
              from={meta.from}
              to={meta.to}
              total={meta.total}
              onPage={setPage}
              labels={labels}
            />
          )}
        </>
      )}
      <DocumentDrawer />
    </div>
  );
}
