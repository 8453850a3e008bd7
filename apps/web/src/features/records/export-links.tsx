import { Download, FileSpreadsheet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiUrl, type RequestOptions } from '../../api/client';
import { buttonClasses } from '../../components/ui';

/** "Export CSV" and "Export XLSX" of a list with its current search, filters and sort (streamed downloads). */
export function ExportLinks({ resource, query }: { resource: string; query: RequestOptions['query'] }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href={apiUrl(`/${resource}/export`, { ...query, format: 'csv' })}
        download
        className={buttonClasses('white')}
      >
        <Download className="size-4" aria-hidden="true" />
        {t('records.list.export')}
      </a>
      <a
        href={apiUrl(`/${resource}/export`, { ...query, format: 'xlsx' })}
        download
        className={buttonClasses('white')}
      >
        <FileSpreadsheet className="size-4" aria-hidden="true" />
        {t('records.list.exportXlsx')}
      </a>
    </>
  );
}
