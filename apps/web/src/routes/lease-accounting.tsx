import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui';
import { LeaseAccountingPage } from '../features/lease-accounting/lease-accounting-page';

/** /lease-accounting: the team's settings, month closes and disclosures (managers and admins). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('leaseAccountingPage.title')} description={t('leaseAccountingPage.intro')} />
      <LeaseAccountingPage />
    </>
  );
}
