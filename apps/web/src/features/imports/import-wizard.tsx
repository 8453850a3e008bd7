import { useRef, useState, type DragEvent } from 'react';
import clsx from 'clsx';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  API_BASE,
  type ImportDto,
  type ImportMode,
  type ImportPreview,
  type ImportType,
} from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { Badge, Button, Card, Checkbox, ProgressBar, Select } from '../../components/ui';
import { usePreviewImport, useRunImport, useUploadImport, type RunOptions } from './queries';

type Errors = Record<string, string[]>;

/** Step 1: a drop zone (and a real file input for keyboards and phones). */
export function UploadStep({
  type,
  onUploaded,
  current,
}: {
  type: ImportType;
  onUploaded: (dto: ImportDto) => void;
  current: ImportDto | null;
}) {
  const { t } = useTranslation();
  const upload = useUploadImport();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = (chosen: File, sheet?: string) => {
    setFile(chosen);
    setError(null);
    setProgress(0);
    upload.mutate(
      { type, file: chosen, sheet, onProgress: setProgress },
      {
        onSuccess: onUploaded,
        onError: (e) =>
          setError(isApiError(e) ? (Object.values(e.errors)[0]?.[0] ?? e.message) : t('errors.network')),
      },
    );
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) send(dropped);
  };

  return (
    <Card title={t('imports.upload.title')} description={t('imports.upload.text')}>
      {current && !upload.isPending ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            <FileSpreadsheet className="size-5 text-emerald-600" aria-hidden="true" />
            {t('imports.upload.file', { name: current.file_name, count: current.headers.length })}
          </p>
          <div className="flex flex-wrap items-end gap-3">
            {current.sheets.length > 1 && file && (
              <Select
                label={t('imports.upload.sheet')}
                value={current.sheet ?? ''}
                options={current.sheets.map((s) => ({ value: s, label: s }))}
                onChange={(event) => send(file, event.target.value)}
              />
            )}
            {current.status === 'uploaded' && (
              <Button color="white" onClick={() => input.current?.click()}>
                {t('imports.upload.another')}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={clsx(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center text-sm',
            dragging
              ? 'border-blue-500 bg-blue-50 dark:bg-blue-950/40'
              : 'border-gray-300 dark:border-gray-700',
          )}
        >
          <Upload className="size-8 text-gray-400" aria-hidden="true" />
          {upload.isPending && file ? (
            <>
              <p className="text-gray-700 dark:text-gray-300">
                {t('imports.upload.uploading', { name: file.name })}
              </p>
              <ProgressBar
                value={progress * 100}
                label={t('imports.upload.uploading', { name: file.name })}
                className="mt-2 h-1.5 max-w-xs rounded"
              />
            </>
          ) : (
            <p className="text-gray-700 dark:text-gray-300">
              {t('imports.upload.drop')}{' '}
              <button
                type="button"
                className="font-semibold text-blue-600 hover:underline dark:text-blue-400"
                onClick={() => input.current?.click()}
              >
                {t('imports.upload.choose')}
              </button>
            </p>
          )}
          {error && (
            <p role="alert" className="text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
      <input
        ref={input}
        type="file"
        className="sr-only"
        aria-label={t('imports.upload.choose')}
        data-testid="import-file"
        accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) send(chosen);
          event.target.value = '';
        }}
      />
      {/* Plain links: the browser downloads the file with the session cookie, no script in between. */}
      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
        <FileSpreadsheet className="size-4" aria-hidden="true" />
        {t('imports.upload.template')}
        {(['csv', 'xlsx'] as const).map((format) => (
          <a
            key={format}
            href={`${API_BASE}/imports/templates/${type}?format=${format}`}
            download
            className="inline-flex min-h-11 items-center font-semibold text-blue-600 hover:underline sm:min-h-0 dark:text-blue-400"
          >
            {t(`imports.upload.templateFormats.${format}`)}
          </a>
        ))}
      </p>
    </Card>
  );
}

const firstError = (errors: Errors, key: string) => errors[key]?.[0];

/** Steps 2 and 3: the mapping with mode and match key, then the preview that starts the run (keyed by import: a new file starts fresh). */
export function MappingStep({ dto, onStarted }: { dto: ImportDto; onStarted: (dto: ImportDto) => void }) {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<Record<string, string>>(dto.mapping);
  const [mode, setMode] = useState<ImportMode>(dto.modes[0] ?? 'create');
  const [matchKey, setMatchKey] = useState<string>('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewMutation = usePreviewImport();
  const run = useRunImport();

  const options: RunOptions = {
    mapping,
    mode,
    match_key: matchKey || null,
    skip_invalid: skipInvalid,
    sheet: dto.sheet,
  };
  const change = (next: () => void) => {
    next();
    setPreview(null);
  };
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 422) setErrors(error.errors);
  };
  const showPreview = () => {
    setErrors({});
    previewMutation.mutate({ id: dto.id, options }, { onSuccess: setPreview, onError });
  };
  const start = () => run.mutate({ id: dto.id, options }, { onSuccess: onStarted, onError });

  const createOnly = !dto.modes.some((m) => m !== 'create');
  const matchable = createOnly ? [] : dto.fields.filter((f) => f.match_key);
  const headerOptions = [
    { value: '', label: t('imports.mapping.skip') },
    ...dto.headers.map((h) => ({ value: h, label: h })),
  ];
  const mapped = dto.fields.filter((f) => mapping[f.key]);
  const rowsWithErrors = preview?.rows.filter((r) => Object.keys(r.errors).length).length ?? 0;

  return (
    <>
      <Card
        title={t('imports.mapping.title')}
        description={t('imports.mapping.text', { type: t(`imports.types.${dto.type}`).toLowerCase() })}
      >
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {dto.fields.map((field) => (
            <Select
              key={field.key}
              label={
                <span>
                  {field.label}
                  {field.required && (
                    <span className="ml-1 text-xs font-normal text-red-600">
                      ({t('imports.mapping.required')})
                    </span>
                  )}
                  {field.relation && (
                    <span className="ml-1 text-xs font-normal text-gray-500">
                      ({t('imports.mapping.relation')})
                    </span>
                  )}
                </span>
              }
              value={mapping[field.key] ?? ''}
              options={headerOptions}
              error={firstError(errors, `mapping.${field.key}`)}
              onChange={(event) =>
                change(() => setMapping((m) => ({ ...m, [field.key]: event.target.value })))
              }
            />
          ))}
        </div>
        <div className="mt-6 grid gap-x-6 gap-y-3 border-t border-gray-100 pt-6 sm:grid-cols-2 dark:border-gray-800">
          <Select
            label={t('imports.mapping.mode')}
            value={mode}
            options={dto.modes.map((m) => ({ value: m, label: t(`imports.mapping.modes.${m}`) }))}
            hint={
              createOnly
                ? t('imports.mapping.createOnly')
                : dto.modes.length === 1
                  ? t('imports.mapping.updateOnly')
                  : undefined
            }
            error={firstError(errors, 'mode')}
            onChange={(event) => change(() => setMode(event.target.value as ImportMode))}
          />
          {matchable.length > 0 && (
            <Select
              label={t('imports.mapping.matchKey')}
              value={matchKey}
              options={[
                { value: '', label: t('imports.mapping.noMatchKey') },
                ...matchable.map((f) => ({ value: f.key, label: f.label })),
              ]}
              error={firstError(errors, 'match_key')}
              onChange={(event) => change(() => setMatchKey(event.target.value))}
            />
          )}
        </div>
        <Checkbox
          className="mt-4"
          label={t('imports.mapping.skipInvalid')}
          checked={skipInvalid}
          onChange={(event) => setSkipInvalid(event.target.checked)}
        />
        <div className="mt-4 flex justify-end">
          <Button onClick={showPreview} loading={previewMutation.isPending}>
            {t('imports.mapping.preview')}
          </Button>
        </div>
      </Card>

      {preview && (
        <Card
          title={t('imports.preview.title')}
          description={`${t('imports.preview.summary', { count: preview.total_rows })} ${rowsWithErrors ? t('imports.preview.errors', { count: rowsWithErrors }) : t('imports.preview.clean')}`}
          footer={
            <Button onClick={start} loading={run.isPending}>
              {t('imports.preview.run', { count: preview.total_rows })}
            </Button>
          }
        >
          <div className="-mx-4 overflow-x-auto sm:-mx-6">
            <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800">
              <caption className="sr-only">{t('imports.preview.caption')}</caption>
              <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-600 uppercase dark:bg-gray-800/60 dark:text-gray-400">
                <tr>
                  <th scope="col" className="px-4 py-2 sm:pl-6">
                    {t('imports.preview.row')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('imports.preview.action')}
                  </th>
                  {mapped.map((f) => (
                    <th key={f.key} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {f.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {preview.rows.map((row) => (
                  <tr
                    key={row.row_number}
                    className={clsx(Object.keys(row.errors).length && 'bg-red-50/60 dark:bg-red-950/30')}
                  >
                    <td className="px-4 py-2 text-gray-500 tabular-nums sm:pl-6">{row.row_number}</td>
                    <td className="px-3 py-2">
                      <Badge
                        color={
                          Object.keys(row.errors).length
                            ? 'red'
                            : row.action === 'create'
                              ? 'green'
                              : row.action === 'update'
                                ? 'blue'
                                : 'gray'
                        }
                      >
                        {Object.keys(row.errors).length
                          ? t('imports.preview.actions.error')
                          : t(`imports.preview.actions.${row.action}`)}
                      </Badge>
                    </td>
                    {mapped.map((f) => {
                      const cellErrors = row.errors[f.key];
                      return (
                        <td key={f.key} className="px-3 py-2 align-top">
                          <span
                            className={clsx(
                              'block max-w-56 truncate',
                              cellErrors
                                ? 'font-medium text-red-700 dark:text-red-300'
                                : 'text-gray-900 dark:text-gray-100',
                            )}
                          >
                            {row.values[f.key] || '—'}
                          </span>
                          {cellErrors?.map((message) => (
                            <span
                              key={message}
                              className="mt-0.5 block max-w-56 text-xs text-red-600 dark:text-red-400"
                            >
                              {message}
                            </span>
                          ))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </>
  );
}
