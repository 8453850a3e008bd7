import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, buttonClasses, EmptyState, Skeleton } from '../../components/ui';
import type { Dashboard } from '@storekeep/contracts';

type StoreListProps = { stores: Dashboard['stores']; loading: boolean; canCreate: boolean };

export function StoreList({ stores, loading, canCreate }: StoreListProps) {
  const { t } = useTranslation();
  if (loading)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-16 w-full" />
        ))}
      </div>
    );
  if (stores.length === 0)
    return (
      <EmptyState
        icon={<Store aria-hidden="true" />}
        title={t('dashboard.noStores')}
        text={t('dashboard.noStoresText')}
        action={
          canCreate && (
            <Link to="/stores/create" className={buttonClasses('blue')}>
              {t('dashboard.addStore')}
            </Link>
          )
        }
      />
    );
  return (
    <ul className="divide-y divide-gray-100 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 dark:divide-gray-800 dark:bg-gray-900 dark:ring-white/10">
      {stores.map((store) => (
        <li key={store.id}>
          <Link
            to={`/stores/${store.id}`}
            className="flex min-h-16 items-center gap-4 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800"
          >
            <Avatar name={store.name} image={store.image} size="md" />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{store.name}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
