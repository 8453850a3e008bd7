import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDto } from '@storekeep/contracts';
import { RelativeTime, type DataColumn } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { recordPath } from '../records/types';
import { FileIcon, formatBytes, SharedBadge, TextStatusBadge } from './display';

const dash = <span className="text-gray-400">—</span>;

function LinkedRecords({ links }: { links: DocumentDto['links'] }) {
  const { t } = useTranslation();
  if (!links.length) return dash;
  const shown = links.slice(0, 2);
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((link) => (
        <Link
          key={`${link.type}:${link.id}`}
          to={recordPath(link.type, link.id)}
          className="max-w-40 truncate rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-300"
          title={`${t(`documents.recordTypes.${link.type}`)}: ${link.name}`}
        >
          {link.name}
        </Link>
      ))}
      {links.length > 2 && (
        <span className="px-1 text-xs text-gray-500">
          {t('documents.list.more', { count: links.length - 2 })}
        </span>
      )}
    </span>
  );
}

/** The documents list's columns; sortable ones use DOCUMENT_SORTS fields. */
export function useDocumentColumns(): DataColumn<DocumentDto>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'title',
      header: t('documents.fields.title'),
      sortField: 'title',
      cell: (d) => (
        <div className="flex min-w-48 items-center gap-3">
          <FileIcon mime={d.current_version?.mime_type} className="size-6 shrink-0" />
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium text-gray-900 dark:text-white">
              <span className="truncate">{d.title}</span>
              {d.shared && <SharedBadge />}
            </p>
            {d.current_version && d.current_version.file_name !== d.title && (
              <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                {d.current_version.file_name}
              </p>
            )}
          </div>
        </div>
      ),
    },
    {
      key: 'category',
      header: t('documents.fields.category'),
      sortField: 'category',
      cell: (d) => d.category_name,
      className: 'whitespace-nowrap',
    },
    { key: 'links', header: t('documents.fields.links'), cell: (d) => <LinkedRecords links={d.links} /> },
    {
      key: 'expiration_date',
      header: t('documents.fields.expiration_date'),
      sortField: 'expiration_date',
      cell: (d) => (d.expiration_date ? formatDay(d.expiration_date) : dash),
      className: 'whitespace-nowrap',
    },
    {
      key: 'text_status',
      header: t('documents.fields.text_status'),
      cell: (d) => <TextStatusBadge status={d.text_status} />,
    },
    {
      key: 'size',
      header: t('documents.fields.size'),
      cell: (d) => formatBytes(d.current_version?.size),
      className: 'whitespace-nowrap',
      hideOnMobile: true,
    },
    {
      key: 'created_at',
      header: t('documents.fields.uploaded'),
      sortField: 'created_at',
      hideOnMobile: true,
      className: 'whitespace-nowrap',
      cell: (d) => (
        <div>
          <RelativeTime value={d.created_at} className="block" />
          {d.uploaded_by && <p className="text-xs text-gray-500 dark:text-gray-400">{d.uploaded_by.name}</p>}
        </div>
      ),
    },
  ];
}
