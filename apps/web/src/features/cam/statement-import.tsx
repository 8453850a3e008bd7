import { useMutation } from '@tanstack/react-query';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  API_BASE,
  CAM_CATEGORIES,
  type CamImportPreview,
  type CamReconciliation,
  type CamYear,
  type DocumentDto,
} from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Dialog, Select, Table, TextInput } from '../../components/ui';
import { formatUsd } from '../../lib/format';
import { invalidateDocuments } from '../documents/queries';

type Errors = Record<string, string[]>;

/** The form beside the file: what the server reads from `lease_year`, `received_on`, `estimates_paid`, `document_id`. */
type Fields = { lease_year: string; received_on: string; estimates_paid: string };

function formOf(file: File, fields: Fields, documentId: number | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value.trim() !== '') form.append(name, value);
  if (documentId !== null) form.append('document_id', String(documentId));
  form.append('file', file);
  return form;
}

const firstMessage = (error: unknown, fallback: string) =>
  isApiError(error) ? (Object.values(error.errors)[0]?.[0] ?? error.message) : fallback;

/**
 * The CAM tab's import of a landlord's statement file: choose the file (and its PDF), preview every row's
 * reading and problems with the variance it would give, then import it in one go.
 */
export function StatementImportDialog({
  leaseId,
  years,
  open,
  onClose,
}: {
  leaseId: number;
  years: CamYear[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const [fields, setFields] = useState<Fields>({ lease_year: '', received_on: '', estimates_paid: '' });
  const [preview, setPreview] = useState<CamImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/leases/${leaseId}/cam/statements`;

  const check = useMutation({
    mutationFn: (form: FormData) =>
      api.upload<{ data: CamImportPreview }>(`${base}/import/preview`, form).then((body) => body.data),
  });
  const commit = useMutation({
    mutationFn: async () => {
      let documentId: number | null = null;
      if (pdf) {
        const form = new FormData();
        form.append('title', pdf.name.slice(0, 255));
        form.append('file', pdf);
        documentId = (await api.upload<{ data: DocumentDto }>(`/leases/${leaseId}/documents`, form)).data.id;
        void invalidateDocuments();
      }
      return (
        await api.upload<{ data: CamReconciliation }>(`${base}/import`, formOf(file!, fields, documentId))
      ).data;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.leaseCam(leaseId), saved);
      // The audit window is a reminder of the lease: its critical dates move with the statement.
      void queryClient.invalidateQueries({ queryKey: queryKeys.all('reminders') });
    },
  });

  const reset = () => {
    setPreview(null);
    setError(null);
  };
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    reset();
  };
  const close = () => {
    setFile(null);
    setPdf(null);
    setFields({ lease_year: '', received_on: '', estimates_paid: '' });
    reset();
    onClose();
  };
  const runPreview = () => {
    if (!file) return setError(t('camTab.import.chooseFile'));
    reset();
    check.mutate(formOf(file, fields, null), {
      onSuccess: setPreview,
      onError: (e) => setError(firstMessage(e, t('errors.network'))),
    });
  };
  const runImport = () =>
    commit.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('camTab.import.done'));
        close();
      },
      onError: (e) => setError(firstMessage(e, t('errors.network'))),
    });

  const rowsWithErrors = preview?.rows.filter((row) => row.errors.length).length ?? 0;
  const statementErrors: Errors = preview?.errors ?? {};

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={t('camTab.import.title')}
      description={t('camTab.import.intro')}
      footer={
        <>
          <Button color="white" onClick={close}>
            {t('camTab.import.cancel')}
          </Button>
          <Button color="white" onClick={runPreview} loading={check.isPending}>
            {t('camTab.import.preview')}
          </Button>
          <Button onClick={runImport} disabled={!preview?.valid} loading={commit.isPending}>
            {t('camTab.import.commit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {/* Plain links: the browser downloads the file with the session cookie, no script in between. */}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {t('camTab.import.template')}
          {(['csv', 'xlsx'] as const).map((format) => (
            <a
              key={format}
              href={`${API_BASE}${base}/template?format=${format}`}
              download
              className="inline-flex min-h-11 items-center font-semibold text-blue-600 hover:underline sm:min-h-0 dark:text-blue-400"
            >
              {format.toUpperCase()}
            </a>
          ))}
        </p>
        <details className="text-sm text-gray-600 dark:text-gray-400">
          <summary className="cursor-pointer font-medium">{t('camTab.import.categories')}</summary>
          <p className="mt-1">{CAM_CATEGORIES.map((c) => c.label).join(', ')}</p>
        </details>
        <FilePicker
          label={t('camTab.import.file')}
          testId="cam-import-file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          file={file}
          icon="sheet"
          onChange={(chosen) => {
            setFile(chosen);
            reset();
          }}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label={t('camTab.fields.lease_year')}
            value={fields.lease_year}
            onChange={set('lease_year')}
            options={[
              { value: '', label: t('camTab.import.fromFile') },
              ...years.map((year) => ({
                value: String(year.lease_year),
                label: t('camTab.yearLabel', { number: year.lease_year }),
              })),
            ]}
            error={statementErrors.lease_year?.[0]}
          />
          <TextInput
            type="date"
            label={t('camTab.fields.received_on')}
            value={fields.received_on}
            onChange={set('received_on')}
            hint={t('camTab.import.dateHint')}
            error={statementErrors.received_on?.[0]}
          />
          <TextInput
            label={t('camTab.fields.estimates_paid')}
            inputMode="decimal"
            value={fields.estimates_paid}
            onChange={set('estimates_paid')}
            hint={t('camTab.estimatesHint')}
            error={statementErrors.estimates_paid?.[0]}
          />
        </div>
        <FilePicker
          label={t('camTab.import.document')}
          testId="cam-import-document"
          accept=".pdf,application/pdf"
          file={pdf}
          icon="pdf"
          onChange={setPdf}
        />
        {error && (
          <Alert type="error" title={t('camTab.import.failed')}>
            {error}
          </Alert>
        )}
        {preview && (
          <PreviewResult preview={preview} rowsWithErrors={rowsWithErrors} errors={statementErrors} />
        )}
      </div>
    </Dialog>
  );
}

function FilePicker({
  label,
  testId,
  accept,
  file,
  icon,
  onChange,
}: {
  label: string;
  testId: string;
  accept: string;
  file: File | null;
  icon: 'sheet' | 'pdf';
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const Icon = icon === 'sheet' ? FileSpreadsheet : FileText;
  return (
    <label className="block text-sm">
      <span className="font-medium text-gray-900 dark:text-white">{label}</span>
      <span className="mt-1 flex items-center gap-2 rounded-md border border-dashed border-gray-300 px-3 py-2 dark:border-gray-700">
        <Icon className="size-5 shrink-0 text-gray-400" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate text-gray-700 dark:text-gray-300">
          {file ? file.name : t('camTab.import.noFile')}
        </span>
        <span className="font-semibold text-blue-600 dark:text-blue-400">{t('camTab.import.choose')}</span>
        <input
          type="file"
          className="sr-only"
          data-testid={testId}
          accept={accept}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </span>
    </label>
  );
}

function PreviewResult({
  preview,
  rowsWithErrors,
  errors,
}: {
  preview: CamImportPreview;
  rowsWithErrors: number;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const money = (value: number | null) => (value === null ? '—' : formatUsd(value));
  const whole = Object.entries(errors).filter(([field]) => !['lease_year', 'received_on'].includes(field));
  return (
    <section aria-label={t('camTab.import.previewTitle')} className="space-y-3">
      {preview.valid ? (
        <Alert type="success" title={t('camTab.import.ready', { count: preview.rows.length })}>
          {t('camTab.import.readyText', {
            year: preview.lease_year,
            actual: formatUsd(preview.actual),
            variance: money(preview.variance),
          })}
        </Alert>
      ) : (
        <Alert type="error" title={t('camTab.import.notReady', { count: rowsWithErrors })}>
          {whole.map(([field, messages]) => (
            <span key={field} className="block">
              {messages[0]}
            </span>
          ))}
          {t('camTab.import.notReadyText')}
        </Alert>
      )}
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t('camTab.actual')}</dt>
          <dd className="font-semibold text-gray-900 dark:text-white">{formatUsd(preview.actual)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t('camTab.import.controllable')}</dt>
          <dd className="font-semibold text-gray-900 dark:text-white">{formatUsd(preview.controllable)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t('camTab.variance')}</dt>
          <dd className="font-semibold text-gray-900 dark:text-white" data-testid="cam-import-variance">
            {money(preview.variance)}
          </dd>
        </div>
      </dl>
      <Table
        caption={t('camTab.import.previewTitle')}
        rows={preview.rows}
        rowKey={(row) => row.row}
        columns={[
          { key: 'row', header: t('camTab.import.row'), cell: (row) => row.row },
          { key: 'category', header: t('camTab.import.category'), cell: (row) => row.category },
          {
            key: 'amount',
            header: t('camTab.import.amount'),
            className: 'text-right',
            cell: (row) => money(row.amount),
          },
          {
            key: 'controllable',
            header: t('camTab.import.controllableShort'),
            hideOnMobile: true,
            cell: (row) =>
              row.controllable === null
                ? '—'
                : t(row.controllable ? 'camTab.import.yes' : 'camTab.import.no'),
          },
          {
            key: 'errors',
            header: t('camTab.import.problems'),
            cell: (row) =>
              row.errors.length ? (
                <ul className="min-w-48 text-red-700 dark:text-red-400">
                  {row.errors.map((e) => (
                    <li key={e.column}>{e.message}</li>
                  ))}
                </ul>
              ) : (
                <span className="text-emerald-700 dark:text-emerald-400">{t('camTab.import.ok')}</span>
              ),
          },
        ]}
      />
    </section>
  );
}
