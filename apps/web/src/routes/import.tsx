import { Building2, ChartColumn, Contact, FilePen, FileText, Handshake, Store, Tags } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IMPORT_TYPES, type ImportDto, type ImportType } from '@storekeep/contracts';
import { PageHeader, Skeleton, TabNav } from '../components/ui';
import { ImportHistory, RunPanel } from '../features/imports/import-result';
import { MappingStep, UploadStep } from '../features/imports/import-wizard';
import { useImport } from '../features/imports/queries';

const ICONS = {
  companies: Building2,
  brands: Tags,
  stores: Store,
  contacts: Contact,
  leases: FilePen,
  agreements: Handshake,
  sales: ChartColumn,
  documents: FileText,
} as const;

/**
 * /import/{type?}: pick a type, upload, match columns, preview, run with live progress, then the result with
 * the error report and undo. The import in progress is kept in `?import=` so a reload or a second tab finds it.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const type = IMPORT_TYPES.includes(params.type as ImportType) ? (params.type as ImportType) : null;
  const importId = Number(search.get('import')) || null;
  const current = useImport(importId);
  const dto = current.data && (!type || current.data.type === type) ? current.data : null;

  const open = (next: ImportDto | null) => {
    const query = new URLSearchParams(search);
    if (next) query.set('import', String(next.id));
    else query.delete('import');
    setSearch(query, { replace: !next });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('imports.title')} description={t('imports.intro')} />
      <TabNav
        label={t('imports.typeNav')}
        current={type ?? ''}
        tabs={IMPORT_TYPES.map((key) => ({ key, label: t(`imports.types.${key}`), to: `/import/${key}` }))}
      />
      {!type ? (
        <section aria-labelledby="import-types">
          <h2 id="import-types" className="mb-3 text-sm font-semibold text-gray-900 dark:text-white">
            {t('imports.chooseType')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {IMPORT_TYPES.map((key) => {
              const Icon = ICONS[key];
              return (
                <li key={key}>
                  <Link
                    to={`/import/${key}`}
                    className="flex h-full flex-col gap-2 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-900/5 transition hover:ring-blue-500 focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-gray-900 dark:ring-white/10"
                  >
                    <Icon className="size-6 text-blue-600 dark:text-blue-400" aria-hidden="true" />
                    <span className="font-semibold text-gray-900 dark:text-white">
                      {t(`imports.types.${key}`)}
                    </span>
                    <span className="text-sm text-gray-600 dark:text-gray-400">
                      {t(`imports.typeText.${key}`)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : importId && current.isLoading ? (
        <Skeleton className="h-40" />
      ) : dto && dto.status !== 'uploaded' ? (
        <RunPanel dto={dto} onAgain={() => open(null)} />
      ) : (
        <>
          <UploadStep type={type} current={dto} onUploaded={open} />
          {dto && <MappingStep key={dto.id} dto={dto} onStarted={open} />}
        </>
      )}
      <ImportHistory onOpen={(d) => navigate(`/import/${d.type}?import=${d.id}`)} />
    </div>
  );
}
