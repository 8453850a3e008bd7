import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  GETTING_STARTED_STEPS,
  type AuthUser,
  type ExampleRemoved,
  type GettingStartedStatus,
  type GettingStartedStep,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Card, ConfirmDialog } from '../../components/ui';
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
      api.get<{ data: GettingStartedStatus }>('/getting-started', { signal }).then((body) => body.data),
    // Steps are taken on other pages: each visit of the dashboard asks again.
    staleTime: 0,
  });
  const steps = GETTING_STARTED_STEPS.filter((step) => can(user, STEPS[step].needs));
  // The shared demo is a finished portfolio to look around in, not a team to set up.
  if (user.is_demo || !progress.data) return null;
  const data = progress.data;
  const example = data.example_portfolio && can(user, 'records.write');
  const done = steps.filter((step) => data[step]).length;
  const checklist = !hidden && steps.length > 0 && done < steps.length;
  if (!example && !checklist) return null;

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
    <>
      {example && <ExampleBanner teamId={teamId} />}
      {checklist && (
        <Checklist
          steps={steps}
          progress={data}
          done={done}
          onHide={dismiss}
          canLoadExample={!data.example_portfolio && can(user, 'records.write')}
          teamId={teamId}
        />
      )}
    </>
  );
}

/** Everything the example portfolio touches: the lists, pages and counts that show its records. */
const EXAMPLE_KEYS = [
  'companies',
  'brands',
  'stores',
  'contacts',
  'leases',
  'agreements',
  'sales',
  'reminders',
  'trash',
  'search',
].map((resource) => queryKeys.all(resource));
const refreshAfterExample = (teamId: number) =>
  invalidateAfterWrite(queryKeys.gettingStarted(teamId), queryKeys.dashboard, ...EXAMPLE_KEYS);

function Checklist({
  steps,
  progress,
  done,
  onHide,
  canLoadExample,
  teamId,
}: {
  steps: GettingStartedStep[];
  progress: GettingStartedStatus;
  done: number;
  onHide: () => void;
  canLoadExample: boolean;
  teamId: number;
}) {
  const { t } = useTranslation();
  const load = useMutation({
    mutationFn: () => api.post('/example-portfolio'),
    onSuccess: async () => {
      await refreshAfterExample(teamId);
      const toast = await lazyToast();
      toast.success(t('gettingStarted.example.loaded'));
    },
  });
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
        <div className="flex flex-wrap items-center gap-2">
          {canLoadExample && (
            <Button size="sm" color="white" onClick={() => load.mutate()} loading={load.isPending}>
              {t('gettingStarted.example.load')}
            </Button>
          )}
          <Button size="sm" color="transparent" onClick={onHide}>
            {t('gettingStarted.hide')}
          </Button>
        </div>
      }
    >
      <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('gettingStarted.title')}>
        {steps.map((step) => {
          const complete = progress[step];
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

/**
 * While the example portfolio is loaded: says so, and removes it after a confirmation. The answer says
 * which records stayed (the team's own records use them) and which were removed although edited.
 */
function ExampleBanner({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete<{ data: ExampleRemoved }>('/example-portfolio').then((body) => body.data),
    onSuccess: async (result) => {
      setConfirming(false);
      await refreshAfterExample(teamId);
      const toast = await lazyToast();
      const notes = [
        result.kept.length > 0 &&
          t('gettingStarted.example.kept', {
            count: result.kept.length,
            names: result.kept.map((record) => record.name).join(', '),
          }),
        result.edited.length > 0 && t('gettingStarted.example.edited', { count: result.edited.length }),
      ].filter(Boolean);
      toast.success(t('gettingStarted.example.removed', { count: result.removed }), {
        description: notes.join(' ') || undefined,
      });
    },
  });
  return (
    <>
      <Alert
        type="warning"
        className="mb-6"
        title={t('gettingStarted.example.bannerTitle')}
        action={
          <Button size="sm" color="white" onClick={() => setConfirming(true)}>
            {t('gettingStarted.example.remove')}
          </Button>
        }
      >
        {t('gettingStarted.example.bannerText')}
      </Alert>
      <ConfirmDialog
        open={confirming}
        title={t('gettingStarted.example.confirmTitle')}
        message={t('gettingStarted.example.confirmText')}
        confirmLabel={t('gettingStarted.example.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        loading={remove.isPending}
      />
    </>
  );
}
