import { CalendarPlus, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS } from '@storekeep/contracts';
import { Alert, Button, Card, ConfirmDialog, Skeleton } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './calendar-feed-queries';
import { copyText } from '../../lib/copy-text';

type Confirming = 'replace' | 'revoke' | null;

/**
 * The user's secret iCalendar link for the current team. The server keeps only a hash, so the link is
 * shown once, right after it is made; afterwards the card says a link is active and offers to replace it.
 * A member limited to franchisee companies gets the dates of their own records only (`wholeTeam` false).
 */
export function CalendarFeedCard({ teamName, wholeTeam }: { teamName: string; wholeTeam: boolean }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The fresh link lives only in this component's state: it is never cached or written anywhere.
  const [freshUrl, setFreshUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const active = feed.data?.active === true;

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setFreshUrl(created.url);
        setConfirming(null);
        toast.success(t(active ? 'calendarFeed.replaced' : 'calendarFeed.created'), {
          duration: TOAST_TIMEOUT_MS,
        });
      },
    });

  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setFreshUrl(null);
        setConfirming(null);
        toast.success(t('calendarFeed.revoked'), { duration: TOAST_TIMEOUT_MS });
      },
    });

  const copy = () =>
    freshUrl &&
    copyText(freshUrl, { copied: t('calendarFeed.copied'), failed: t('calendarFeed.copyFailed') });

  const actions = feed.data && (
    <>
      {active && (
        <Button
          color="white"
          className="text-red-600 dark:text-red-400"
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          onClick={() => setConfirming('revoke')}
        >
          {t('calendarFeed.revoke')}
        </Button>
      )}
      {active ? (
        <Button
          color="white"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          onClick={() => setConfirming('replace')}
        >
          {t('calendarFeed.regenerate')}
        </Button>
      ) : (
        <Button
          icon={<CalendarPlus className="size-4" aria-hidden="true" />}
          loading={create.isPending}
          onClick={makeLink}
        >
          {t('calendarFeed.create')}
        </Button>
      )}
    </>
  );

  return (
    <Card
      title={t('calendarFeed.title')}
      description={`${t(wholeTeam ? 'calendarFeed.text' : 'calendarFeed.textLimited')} ${t('calendarFeed.forTeam', { team: teamName })}`}
      footer={actions}
    >
      {!feed.data ? (
        <Skeleton className="h-10 w-full max-w-xl" />
      ) : freshUrl ? (
        <div className="flex max-w-3xl flex-col gap-2">
          <label htmlFor="calendar-feed-url" className="text-sm font-medium text-gray-900 dark:text-gray-100">
            {t('calendarFeed.url')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="calendar-feed-url"
              readOnly
              value={freshUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="block min-h-11 w-full min-w-0 rounded-md border-0 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-blue-600 focus:outline-none sm:min-h-10 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-700"
            />
            <Button
              color="white"
              className="shrink-0"
              icon={<Copy className="size-4" aria-hidden="true" />}
              onClick={() => void copy()}
            >
              {t('calendarFeed.copy')}
            </Button>
          </div>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('calendarFeed.hidden')}</p>
        </div>
      ) : active ? (
        <Alert type="success">
          {t('calendarFeed.active', { date: formatDate(feed.data.created_at!) })} {t('calendarFeed.hidden')}
        </Alert>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('calendarFeed.none')}</p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'replace' ? 'calendarFeed.replaceTitle' : 'calendarFeed.revokeTitle')}
        message={t(confirming === 'replace' ? 'calendarFeed.replaceText' : 'calendarFeed.revokeText')}
        confirmLabel={t(confirming === 'replace' ? 'calendarFeed.regenerate' : 'calendarFeed.revoke')}
        cancelLabel={t('common.cancel')}
        color={confirming === 'replace' ? 'blue' : 'red'}
        loading={create.isPending || revoke.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirming === 'replace' ? makeLink : turnOff}
      />
    </Card>
  );
}
