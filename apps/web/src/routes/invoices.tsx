import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, Tabs } from '../components/ui';
import { useFranchisees } from '../features/invoices/api';
import {
  AgingReport,
  BankImport,
  InvoicingSettingsView,
  StatementView,
} from '../features/invoices/collections-page';
import { FranchiseeInvoicesPage } from '../features/invoices/franchisee-invoices-page';
import { InvoicesPage } from '../features/invoices/invoices-page';
import { can } from '../features/auth/permissions';
import { useRequiredUser } from '../features/auth/use-auth-user';

const TABS = ['invoices', 'aging', 'bank', 'statement', 'settings'] as const;

/**
 * /invoices: a month's royalty invoices (PDF, e-mail, payments, void) and collections: the aging report, the bank
 * statement import and a franchisee's statement (tab in `?tab=`). A franchisee's member sees their own
 * companies' invoices instead, read only.
 */
export function Component() {
  const user = useRequiredUser();
  if (!can(user, 'team.browse')) return <FranchiseeInvoicesPage />;
  return <TeamInvoices />;
}

function TeamInvoices() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const index = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  const franchisees = (useFranchisees().data?.data ?? []).map((f) => ({ id: f.id, name: f.name }));
  const chosen = Number(params.get('franchisee')) || null;
  const franchiseeId = chosen ?? franchisees[0]?.id ?? null;
  const showStatement = (id: number) =>
    setParams({ tab: 'statement', franchisee: String(id) }, { replace: true });
  return (
    <>
      <PageHeader title={t('invoices.title')} description={t('invoices.intro')} />
      <Tabs
        selectedIndex={index}
        onChange={(i) => setParams(i === 0 ? {} : { tab: TABS[i]! }, { replace: true })}
        tabs={[
          { key: 'invoices', label: t('collections.tabs.invoices'), content: <InvoicesPage /> },
          {
            key: 'aging',
            label: t('collections.tabs.aging'),
            content: <AgingReport onStatement={showStatement} />,
          },
          { key: 'bank', label: t('collections.tabs.bank'), content: <BankImport /> },
          {
            key: 'statement',
            label: t('collections.tabs.statement'),
            content: (
              <StatementView
                franchisees={franchisees}
                franchiseeId={franchiseeId}
                onFranchisee={showStatement}
              />
            ),
          },
          { key: 'settings', label: t('collections.tabs.settings'), content: <InvoicingSettingsView /> },
        ]}
      />
    </>
  );
}
