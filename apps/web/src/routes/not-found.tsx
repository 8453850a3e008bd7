import { useTranslation } from 'react-i18next';
import { ErrorView } from '../features/errors/error-view';
import { BareLayout } from '../features/layout/bare-layout';

export function Component() {
  const { t } = useTranslation();
  return (
    <BareLayout>
      <ErrorView status={404} heading={t('errors.notFound')} message={t('errors.notFoundText')} />
    </BareLayout>
  );
}
