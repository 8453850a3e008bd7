import { PageHeader } from '../components/ui';
import { PayablesPage } from '../features/payables/payables-page';
import { useTranslation } from 'react-i18next';

/** /payables: one month's rent payment lines, with generate, approve, pay and export. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('payables.title')} description={t('payables.intro')} />
      <PayablesPage />
    </>
  );
}
