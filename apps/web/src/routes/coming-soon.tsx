import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { buttonClasses, EmptyState, PageHeader } from '../components/ui';

/** Screens of later issues: a friendly placeholder inside the app shell, never a blank page. */
export function Component() {
  const { t } = useTranslation();
  const match = useMatches().at(-1);
  const handle = match?.handle as { section?: string } | undefined;
  const section = handle?.section ?? t('app.comingSoon');
  return (
    <>
      <PageHeader title={section} />
      <EmptyState
        icon={<Hammer aria-hidden="true" />}
        title={t('app.comingSoon')}
        text={t('app.comingSoonText', { section })}
        action={
          <Link to="/dashboard" className={buttonClasses('white')}>
            {t('app.backToDashboard')}
          </Link>
        }
      />
    </>
  );
}
