import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../components/ui';

type RetryableQuery = { refetch: () => Promise<unknown>; isFetching: boolean };

/**
 * What a list page shows instead of its rows when the list request failed and nothing was loaded before:
 * the empty state would claim there are no records, which the user cannot tell from the truth. The toast
 * already said why (spec §8); this says what is missing and asks again.
 */
export function ListLoadError({ query }: { query: RetryableQuery }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      title={t('listError.title')}
      action={
        <Button color="white" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('listError.retry')}
        </Button>
      }
    >
      {t('listError.text')}
    </Alert>
  );
}
