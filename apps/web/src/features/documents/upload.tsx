import clsx from 'clsx';
import { CircleAlert, CircleCheck, Upload, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDto } from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { errorMessages, isAbort } from '../../api/error-mapping';
import { uploadWithProgress } from '../../api/upload';
import { Button, Checkbox, ProgressBar } from '../../components/ui';
import { FileIcon, formatBytes } from './display';
import { invalidateDocuments } from './queries';

export type UploadItem = {
  key: number;
  file: File;
  progress: number;
  status: 'uploading' | 'done' | 'error' | 'duplicate';
  message?: string;
  document?: DocumentDto;
  /** Shared with franchisees as it is uploaded (the choice when it was added, kept for "Upload anyway"). */
  shared: boolean;
};

let nextKey = 1;
const TITLE_MAX = 255;

/** The server's words for a failed upload: `errors.file` (413 too large, 422 empty, 409 duplicate) first. */
function uploadError(error: unknown): string {
  if (isApiError(error) && error.errors.file?.[0]) return error.errors.file[0];
  return errorMessages(error).join(' ');
}

/**
 * One multipart POST per file to `endpoint` (metadata first, then `file`), each with its own progress,
 * error and, for a 409 duplicate on a record, an "Upload anyway" that resends with force=true.
 */
export function useUploadQueue(endpoint: string, onUploaded?: (document: DocumentDto) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [shared, setShared] = useState(false);
  const controllers = useRef(new Map<number, AbortController>());
  const patch = (key: number, changes: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const send = useCallback(
    (key: number, file: File, force: boolean, share: boolean) => {
      const form = new FormData();
      form.append('title', file.name.slice(0, TITLE_MAX));
      if (force) form.append('force', 'true');
      if (share) form.append('shared', 'true');
      form.append('file', file);
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadWithProgress<{ data: DocumentDto }>(endpoint, form, {
        signal: controller.signal,
        onProgress: (fraction) => patch(key, { progress: fraction * 100 }),
      })
        .then((body) => {
          patch(key, { status: 'done', progress: 100, document: body.data, message: undefined });
          void invalidateDocuments();
          onUploaded?.(body.data);
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return setItems((all) => all.filter((item) => item.key !== key));
          patch(key, {
            status: isApiError(error) && error.status === 409 ? 'duplicate' : 'error',
            message: uploadError(error),
          });
        })
        .finally(() => controllers.current.delete(key));
    },
    [endpoint, onUploaded],
  );

  const add = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (!list.length) return;
    const added = list.map((file) => ({
      key: nextKey++,
      file,
      progress: 0,
      status: 'uploading' as const,
      shared,
    }));
    setItems((all) => [...added, ...all]);
    for (const item of added) send(item.key, item.file, false, item.shared);
  };
  const force = (item: UploadItem) => {
    patch(item.key, { status: 'uploading', progress: 0, message: undefined });
    send(item.key, item.file, true, item.shared);
  };
  const cancel = (item: UploadItem) => controllers.current.get(item.key)?.abort();
  const dismiss = (item: UploadItem) => setItems((all) => all.filter((other) => other.key !== item.key));
  const clearFinished = () => setItems((all) => all.filter((item) => item.status === 'uploading'));

  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((controller) => controller.abort());
  }, []);

  return { items, add, force, cancel, dismiss, clearFinished, shared, setShared };
}

/** The multi-file input behind a visible control; it resets after each pick so the same file can be chosen again. */
function HiddenFileInput({
  ref,
  testId,
  onFiles,
}: {
  ref: RefObject<HTMLInputElement | null>;
  testId: string;
  onFiles: (files: FileList) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => {
        if (event.target.files) onFiles(event.target.files);
        event.target.value = '';
      }}
    />
  );
}

/** A hidden multi-file input and the button that opens it. */
export function UploadFilesButton({
  onFiles,
  label,
  color = 'blue',
}: {
  onFiles: (files: FileList) => void;
  label?: string;
  color?: 'blue' | 'white';
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <HiddenFileInput ref={input} testId="document-file-input" onFiles={onFiles} />
      <Button
        color={color}
        className="shrink-0 whitespace-nowrap"
        icon={<Upload className="size-4" aria-hidden="true" />}
        onClick={() => input.current?.click()}
      >
        {label ?? t('documents.upload.button')}
      </Button>
    </>
  );
}

/** The drop target; it is also a button that opens the file chooser (keyboard and touch users). */
export function DropZone({ onFiles, className }: { onFiles: (files: FileList) => void; className?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
  };
  return (
    <>
      <HiddenFileInput ref={input} testId="drop-zone-input" onFiles={onFiles} />
      <button
        type="button"
        data-testid="drop-zone"
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
        className={clsx(
          'flex w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
          over
            ? 'border-blue-500 bg-blue-50 text-blue-800 dark:bg-blue-950/40 dark:text-blue-200'
            : 'border-gray-300 bg-white text-gray-600 hover:border-gray-400 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-400 dark:hover:bg-gray-900',
          className,
        )}
      >
        <Upload className="size-6 text-gray-400" aria-hidden="true" />
        <span className="font-semibold text-gray-900 dark:text-gray-100">{t('documents.upload.drop')}</span>
        <span className="text-xs">{t('documents.upload.dropHint')}</span>
      </button>
    </>
  );
}

type UploadListProps = ReturnType<typeof useUploadQueue>;

/** The per-file rows: name, size, a progress bar, the outcome and the actions that fit it. */
export function UploadList({ items, force, cancel, dismiss, clearFinished }: UploadListProps) {
  const { t } = useTranslation();
  if (!items.length) return null;
  const finished = items.some((item) => item.status !== 'uploading');
  return (
    <section
      aria-label={t('documents.upload.listLabel')}
      className="mt-3 rounded-lg bg-white ring-1 ring-gray-200 dark:bg-gray-950 dark:ring-gray-800"
    >
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {items.map((item) => (
          <li key={item.key} className="flex flex-col gap-2 px-4 py-3" data-testid="upload-item">
            <div className="flex items-center gap-3">
              <FileIcon mime={item.file.type} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{item.file.name}</p>
                <p className="text-xs text-gray-500 dark:text-gray-400" aria-live="polite">
                  {formatBytes(item.file.size)} ·{' '}
                  {item.status === 'uploading'
                    ? t('documents.upload.progress', { percent: Math.round(item.progress) })
                    : item.status === 'done'
                      ? t('documents.upload.done')
                      : item.status === 'duplicate'
                        ? t('documents.upload.duplicate')
                        : t('documents.upload.failed')}
                </p>
              </div>
              {item.status === 'done' && (
                <CircleCheck className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
              )}
              {(item.status === 'error' || item.status === 'duplicate') && (
                <CircleAlert className="size-5 shrink-0 text-red-600" aria-hidden="true" />
              )}
              {item.status === 'uploading' ? (
                <Button
                  size="sm"
                  color="transparent"
                  onClick={() => cancel(item)}
                  aria-label={t('documents.upload.cancel', { name: item.file.name })}
                >
                  {t('common.cancel')}
                </Button>
              ) : (
                <button
                  type="button"
                  onClick={() => dismiss(item)}
                  aria-label={t('documents.upload.dismiss', { name: item.file.name })}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-400 hover:bg-gray-100 hover:text-gray-700 sm:size-8 dark:hover:bg-gray-800"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
            </div>
            {item.status === 'uploading' && (
              <ProgressBar
                value={item.progress}
                label={t('documents.upload.progressLabel', { name: item.file.name })}
                className="h-1.5 rounded-full bg-gray-100 dark:bg-gray-800"
                durationMs={150}
              />
            )}
            {item.message && (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {item.message}
                </p>
                {item.status === 'duplicate' && (
                  <Button size="sm" color="white" onClick={() => force(item)}>
                    {t('documents.upload.anyway')}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {finished && (
        <div className="border-t border-gray-100 px-4 py-2 text-right dark:border-gray-800">
          <Button size="sm" color="transparent" onClick={clearFinished}>
            {t('documents.upload.clearFinished')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** "Share new uploads with franchisees": the files added next are shared as they are uploaded. */
export function ShareUploadsCheckbox({
  shared,
  setShared,
}: {
  shared: boolean;
  setShared: (shared: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('documents.sharing.uploadLabel')}
      checked={shared}
      onChange={(event) => setShared(event.target.checked)}
    />
  );
}
