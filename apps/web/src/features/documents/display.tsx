import { File, FileImage, FileSpreadsheet, FileText, FileType } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DocumentTextStatus } from '@storekeep/contracts';
import { Badge, type BadgeColor } from '../../components/ui';

const units = ['B', 'KB', 'MB', 'GB'];

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export const isPdf = (mime: string | undefined) => mime === 'application/pdf';
export const isImage = (mime: string | undefined) =>
  Boolean(mime && /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(mime));

/** An icon by the file's (content-detected) type; decorative, the type is also in the text around it. */
export function FileIcon({ mime, className = 'size-5' }: { mime: string | undefined; className?: string }) {
  const props = { className, 'aria-hidden': true as const };
  if (isPdf(mime)) return <FileType {...props} className={`${className} text-red-600 dark:text-red-400`} />;
  if (isImage(mime))
    return <FileImage {...props} className={`${className} text-violet-600 dark:text-violet-400`} />;
  if (mime && /csv|sheet|excel/.test(mime))
    return <FileSpreadsheet {...props} className={`${className} text-emerald-600 dark:text-emerald-400`} />;
  if (mime && /^text\/|word|document/.test(mime))
    return <FileText {...props} className={`${className} text-blue-600 dark:text-blue-400`} />;
  return <File {...props} className={`${className} text-gray-500`} />;
}

const statusColors: Record<DocumentTextStatus, BadgeColor> = {
  pending: 'yellow',
  done: 'green',
  none: 'gray',
  failed: 'red',
};

export function TextStatusBadge({ status }: { status: DocumentTextStatus }) {
  const { t } = useTranslation();
  return <Badge color={statusColors[status]}>{t(`documents.textStatus.${status}`)}</Badge>;
}

/** Shown beside a document the franchisees of its linked records see (they are shown no other). */
export function SharedBadge() {
  const { t } = useTranslation();
  return <Badge color="blue">{t('documents.sharing.badge')}</Badge>;
}
