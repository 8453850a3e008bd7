import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui';
import { FranchiseCalendarPage } from '../features/franchise-calendar/franchise-calendar-page';

/** /franchise-calendar: the disclosure document's deadlines (managers read them, admins set the rules). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('franchiseCalendar.title')} description={t('franchiseCalendar.intro')} />
      <FranchiseCalendarPage />
    </>
  );
}
