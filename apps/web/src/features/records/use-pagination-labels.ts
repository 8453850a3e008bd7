import { useTranslation } from 'react-i18next';
import type { PaginationLabels } from '../../components/ui';
import { formatCount } from '../../lib/format';

export function usePaginationLabels(): PaginationLabels {
  const { t } = useTranslation();
  return {
    nav: t('pagination.nav'),
    range: (from, to, total) =>
      t('pagination.range', { from: formatCount(from), to: formatCount(to), total: formatCount(total) }),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    page: (page) => t('pagination.page', { page }),
    perPage: t('pagination.perPage'),
  };
}
