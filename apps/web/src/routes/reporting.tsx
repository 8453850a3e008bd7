import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui';
import { ReportingPage } from '../features/invoices/reporting-page';

/** /reporting: the sales reports franchisees owe, missing ones first. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('reporting.title')} description={t('reporting.intro')} />
      <ReportingPage />
    </>
  );
}
