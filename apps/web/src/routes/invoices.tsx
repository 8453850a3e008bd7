import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui';
import { InvoicesPage } from '../features/invoices/invoices-page';

/** /invoices: a month's royalty invoices, with invoicing, PDF, e-mail, payments and void. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('invoices.title')} description={t('invoices.intro')} />
      <InvoicesPage />
    </>
  );
}
