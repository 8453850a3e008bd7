import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  GETTING_STARTED_STEPS,
  type AuthUser,
  type GettingStarted,
  type GettingStartedStep,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Button, Card } from '../../components/ui';
import { lazyToast } from '../../lib/lazy-toast';
import { can, type Action } from '../auth/permissions';

/** Where each step is taken, and who may take it (the others do not see the step). */
const STEPS: Record<GettingStartedStep, { to: string; needs: Action }> = {
  brand: { to: '/brands', needs: 'records.write' },
  store: { to: '/stores/create', needs: 'records.write' },
  lease: { to: '/leases/create', needs: 'records.write' },
  import: { to: '/import', needs: 'records.write' },
  colleague: { to: '/account/team', needs: 'team.admin' },
};

// Hiding the checklist is a choice of this browser's user for this team; nothing else depends on it.
const dismissedKey = (teamId: number) => `storekeep.getting-started.hidden.${teamId}`;

/**
 * A new team's first steps on the dashboard: add a brand, a store and a lease, import a spreadsheet, invite a
 * colleague. It leaves once every step the user may take is done, or when they hide it (Undo in the toast).
 */
export default function GettingStartedCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const teamId = user.team_id ?? 0;
  const [hidden, setHidden] = useState(() => localStorage.getItem(dismissedKey(teamId)) === '1');
  const progress = useQuery({
    queryKey: queryKeys.gettingStarted(teamId),
    queryFn: ({ signal }) =>
      api.get<{ data: GettingStarted }>('/getting-started', { signal }).then((body) => body.data),
    // Steps are taken on other pages: each visit of the dashboard asks again.
    staleTime: 0,
  });
  const steps = GETTING_STARTED_STEPS.filter((step) => can(user, STEPS[step].needs));
  // The shared demo is a finished portfolio to look around in, not a team to set up.
  if (user.is_demo || hidden || !progress.data || steps.length === 0) return null;
  const done = steps.filter((step) => progress.data[step]).length;
  if (done === steps.length) return null;

  const hide = (value: boolean) => {
    if (value) localStorage.setItem(dismissedKey(teamId), '1');
    else localStorage.removeItem(dismissedKey(teamId));
    setHidden(value);
  };
  const dismiss = () => {
    hide(true);
    void lazyToast().then((toast) =>
      toast.success(t('gettingStarted.hidden'), {
        action: { label: t('records.undo'), onClick: () => hide(false) },
      }),
    );
  };

  return (
    <Card
      className="mb-6"
      title={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('gettingStarted.title')}</span>
          <span className="text-sm font-normal text-gray-500 dark:text-gray-400">
            {t('gettingStarted.progress', { done, total: steps.length })}
          </span>
        </span>
      }
      footer={
        <Button size="sm" color="white" onClick={dismiss}>
          {t('gettingStarted.hide')}
        </Button>
      }
    >
      <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('gettingStarted.title')}>
        {steps.map((step) => {
          const complete = progress.data[step];
          const Icon = complete ? CheckCircle2 : Circle;
          return (
            <li key={step}>
              <Link
                to={STEPS[step].to}
                className="flex min-h-11 items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-gray-50 dark:hover:bg-gray-800"
              >
                <Icon
                  className={`size-5 shrink-0 ${complete ? 'text-emerald-600' : 'text-gray-300 dark:text-gray-600'}`}
                  aria-hidden="true"
                />
                <span
                  className={
                    complete
                      ? 'text-gray-500 line-through dark:text-gray-400'
                      : 'font-medium text-gray-900 dark:text-white'
                  }
                >
                  {t(`gettingStarted.steps.${step}`)}
                </span>
                <span className="sr-only">
                  {complete ? t('gettingStarted.doneState') : t('gettingStarted.todoState')}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
