import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses, PageHeader, Tabs } from '../components/ui';
import { can } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { ExportLinks } from '../features/records/export-links';
import { PercentageRentReport, RoyaltiesReport, SummaryReport } from '../features/sales/reports';
import { SalesGrid } from '../features/sales/sales-grid';

const TABS = ['entry', 'reports', 'royalties', 'rent'] as const;

/** /sales: the entry grid, sales reports, royalties due and percentage rent due (tab in `?tab=`). */
export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const [params, setParams] = useSearchParams();
  // Reports and dues span the whole team: a franchisee's member enters their stores' figures only.
  const wholeTeam = can(user, 'team.browse');
  const index = wholeTeam ? Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number])) : 0;
  const entry = {
    key: 'entry',
    label: t('sales.tabs.entry'),
    content: <SalesGrid canEdit={can(user, 'sales.enter')} />,
  };
  return (
    <>
      <PageHeader
        title={t('sales.title')}
        description={t('sales.intro')}
        actions={
          <>
            {/* Beside the grid, every figure the caller may see (a franchisee's: their stores'), as CSV or
                XLSX; the report tabs export their own tables. */}
            {index === 0 && <ExportLinks resource="sales" query={{}} />}
            {wholeTeam && (
              <>
                <Link to="/reporting" className={buttonClasses('white', 'md')}>
                  {t('reporting.title')}
                </Link>
                <Link to="/invoices" className={buttonClasses('white', 'md')}>
                  {t('invoices.title')}
                </Link>
              </>
            )}
          </>
        }
      />
      <Tabs
        selectedIndex={index}
        onChange={(i) => setParams(i === 0 ? {} : { tab: TABS[i]! }, { replace: true })}
        tabs={
          wholeTeam
            ? [
                entry,
                { key: 'reports', label: t('sales.tabs.reports'), content: <SummaryReport /> },
                { key: 'royalties', label: t('sales.tabs.royalties'), content: <RoyaltiesReport /> },
                { key: 'rent', label: t('sales.tabs.rent'), content: <PercentageRentReport /> },
              ]
            : [entry]
        }
      />
    </>
  );
}
