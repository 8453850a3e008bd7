import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui';

export const SUPPORT_EMAIL = 'support@storekeep.app';

type ErrorViewProps = { status: number | null; heading?: string; message?: string; network?: boolean };

/** Spec §2 error page: status code, heading (status label, falling back to '500'), message, home and support links. */
export function ErrorView({ status, heading, message, network }: ErrorViewProps) {
  const { t } = useTranslation();
  const code = network ? null : (status ?? 500);
  const title = network
    ? t('errors.networkTitle')
    : (heading ?? t(`errors.status.${code}`, { defaultValue: t('errors.status.500') }));
  return (
    <div className="mx-auto max-w-lg text-center">
      {code !== null && <p className="text-base font-semibold text-blue-600 dark:text-blue-400">{code}</p>}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
        {title}
      </h1>
      <p className="mt-4 text-base text-gray-600 dark:text-gray-400">
        {network ? t('errors.network') : (message ?? t('errors.serverText'))}
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-6">
        <Link to="/" reloadDocument className={buttonClasses('blue')}>
          {t('errors.goHome')}
        </Link>
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-gray-900 hover:underline dark:text-white"
        >
          {t('errors.contactSupport')} <span aria-hidden="true">&nbsp;&rarr;</span>
        </a>
      </div>
    </div>
  );
}
