import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  LINKABLE_TYPES,
  TOAST_TIMEOUT_MS,
  type DocumentDto,
  type LinkableType,
  type RecordRef,
} from '@storekeep/contracts';
import { errorMessages, showErrorToast } from '../../api/error-mapping';
import { i18n } from '../../i18n';
import { Button, Dialog, Select } from '../../components/ui';
import { RecordPicker } from '../records/record-picker';
import {
  deleteDocument,
  invalidateDocuments,
  linkDocument,
  patchDocument,
  removeFromCachedLists,
  restoreDocument,
  useDocumentCategories,
} from './queries';

/** Undo stays offered longer than an ordinary toast so there is time to reach it (WCAG 2.2.1). */
const UNDO_TOAST_MS = 10_000;

type Named = Pick<DocumentDto, 'id' | 'title'>;

/** Bulk "Share with franchisees" / "Stop sharing": PATCH each selected document's flag (not destructive). */
export async function shareDocuments(documents: Named[], shared: boolean) {
  const results = await Promise.allSettled(
    documents.map((document) => patchDocument(document.id, { shared })),
  );
  await invalidateDocuments();
  const failed = results.flatMap((result) =>
    result.status === 'rejected' ? errorMessages(result.reason) : [],
  );
  if (failed.length) showErrorToast([...new Set(failed)]);
  else
    toast.success(
      i18n.t(shared ? 'documents.sharing.sharedMany' : 'documents.sharing.unsharedMany', {
        count: documents.length,
      }),
      { duration: TOAST_TIMEOUT_MS },
    );
}

/**
 * DELETE each document, drop them from the cached lists and show the success notice of spec §4
 * ('documents.deleted' with the title for one) with an Undo that restores them.
 */
export async function deleteDocuments(documents: Named[], onDeleted?: () => void): Promise<boolean> {
  const t = i18n.t.bind(i18n);
  const results = await Promise.allSettled(documents.map((document) => deleteDocument(document.id)));
  const deleted = documents.filter((_, index) => results[index]!.status === 'fulfilled');
  // Plain calls (not mutations) are not toasted by the query client: the server's reasons are shown here.
  const failed = results.flatMap((result) =>
    result.status === 'rejected' ? errorMessages(result.reason) : [],
  );
  // The caller closes what showed them (the drawer) before the lists refetch.
  if (deleted.length) onDeleted?.();
  removeFromCachedLists(deleted.map((document) => document.id));
  void invalidateDocuments();
  if (failed.length) showErrorToast([...new Set(failed)]);
  if (!deleted.length) return false;
  const message =
    deleted.length === 1
      ? t('documents.deleted', { title: deleted[0]!.title })
      : t('documents.bulk.deleted', { count: deleted.length });
  toast.success(message, {
    duration: UNDO_TOAST_MS,
    action: {
      label: t('records.undo'),
      onClick: () => {
        void Promise.all(deleted.map((document) => restoreDocument(document.id)))
          .then(() => {
            void invalidateDocuments();
            toast.success(
              deleted.length === 1
                ? t('documents.restored', { title: deleted[0]!.title })
                : t('documents.bulk.restored', { count: deleted.length }),
              {
                duration: TOAST_TIMEOUT_MS,
              },
            );
          })
          .catch(() => toast.error(t('errors.generic'), { duration: Infinity }));
      },
    },
  });
  return true;
}

type LinkDialogProps = { open: boolean; onClose: () => void; documents: Named[]; onDone?: () => void };

/** "Link to record": a record type, then a searchable record of that type; POST /documents/{id}/links for each. */
export function LinkDialog({ open, onClose, documents, onDone }: LinkDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<LinkableType>('stores');
  const [record, setRecord] = useState<RecordRef>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    if (busy) return;
    setRecord(null);
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!record) return setError(t('documents.link.required'));
    setBusy(true);
    const results = await Promise.allSettled(
      documents.map((document) => linkDocument(document.id, { type, id: record.id })),
    );
    setBusy(false);
    void invalidateDocuments();
    const failed = results.flatMap((result) =>
      result.status === 'rejected' ? errorMessages(result.reason) : [],
    );
    if (failed.length) showErrorToast([...new Set(failed)]);
    else
      toast.success(t('documents.link.done', { count: documents.length, name: record.name }), {
        duration: TOAST_TIMEOUT_MS,
      });
    setRecord(null);
    onDone?.();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('documents.link.title', { count: documents.length })}
      description={
        documents.length === 1
          ? documents[0]!.title
          : t('documents.bulk.selected', { count: documents.length })
      }
      footer={
        <>
          <Button color="white" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {t('documents.link.submit')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Select
          label={t('documents.link.type')}
          value={type}
          onChange={(event) => {
            setType(event.target.value as LinkableType);
            setRecord(null);
          }}
          options={LINKABLE_TYPES.map((value) => ({ value, label: t(`documents.recordTypes.${value}`) }))}
        />
        <RecordPicker
          key={type}
          type={type}
          label={t('documents.link.record')}
          value={record}
          onChange={(value) => {
            setRecord(value);
            setError(undefined);
          }}
          error={error}
        />
      </div>
    </Dialog>
  );
}

type CategoryDialogProps = { open: boolean; onClose: () => void; documents: Named[]; onDone?: () => void };

/** Bulk "Change category": PATCH each selected document. */
export function CategoryDialog({ open, onClose, documents, onDone }: CategoryDialogProps) {
  const { t } = useTranslation();
  const categories = useDocumentCategories();
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const options = (categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }));
  const value = category || options[0]?.value || '';
  const submit = async () => {
    if (!value) return;
    setBusy(true);
    const results = await Promise.allSettled(
      documents.map((document) => patchDocument(document.id, { category: value })),
    );
    setBusy(false);
    void invalidateDocuments();
    const failed = results.flatMap((result) =>
      result.status === 'rejected' ? errorMessages(result.reason) : [],
    );
    const name = options.find((option) => option.value === value)?.label ?? value;
    if (failed.length) showErrorToast([...new Set(failed)]);
    else
      toast.success(t('documents.category.done', { count: documents.length, name }), {
        duration: TOAST_TIMEOUT_MS,
      });
    onDone?.();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title={t('documents.category.title')}
      description={t('documents.bulk.selected', { count: documents.length })}
      footer={
        <>
          <Button color="white" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!value}>
            {t('documents.category.submit')}
          </Button>
        </>
      }
    >
      <Select
        label={t('documents.fields.category')}
        value={value}
        onChange={(event) => setCategory(event.target.value)}
        options={options}
      />
    </Dialog>
  );
}
