import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, type RecordType } from '@storekeep/contracts';
import { showErrorToast } from '../../api/error-mapping';
import { Spinner } from '../../components/ui';
import { RecordAvatar } from './display';
import { useRecordImage } from './queries';
import type { AnyRecord } from './types';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

type ImageUploaderProps = { type: RecordType; record: AnyRecord; name: string; editable: boolean };

/** The record's picture in the detail header: a preview right away, then POST multipart `image`; DELETE removes it. */
export function ImageUploader({ type, record, name, editable }: ImageUploaderProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { upload, remove } = useRecordImage(type, record.id);
  const busy = upload.isPending || remove.isPending;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return showErrorToast([t('records.image.badType')]);
    if (file.size > MAX_BYTES) return showErrorToast([t('records.image.tooLarge')]);
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('records.image.uploaded'), { duration: TOAST_TIMEOUT_MS }),
      onSettled: () => setPreview(null),
    });
  };

  const image = preview ? { thumb_url: preview, display_url: preview } : record.image;

  return (
    <div className="flex shrink-0 flex-col items-center gap-1">
      <div className="relative">
        <RecordAvatar type={type} name={name} image={image} size="xl" />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-md bg-white/60 dark:bg-gray-900/60">
            <Spinner className="size-6 text-blue-600" label={t('common.loading')} />
          </span>
        )}
      </div>
      {editable && (
        <div className="flex gap-1">
          <input
            ref={input}
            type="file"
            accept={ACCEPTED.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="image-input"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <button
            type="button"
            disabled={busy}
            onClick={() => input.current?.click()}
            className="inline-flex size-9 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-800 disabled:opacity-50 dark:hover:bg-gray-800"
            aria-label={record.image ? t('records.image.change') : t('records.image.upload')}
            title={record.image ? t('records.image.change') : t('records.image.upload')}
          >
            <Camera className="size-4" aria-hidden="true" />
          </button>
          {record.image && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(t('records.image.removed'), { duration: TOAST_TIMEOUT_MS }),
                })
              }
              className="inline-flex size-9 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-red-600 disabled:opacity-50 dark:hover:bg-gray-800"
              aria-label={t('records.image.remove')}
              title={t('records.image.remove')}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
