import { useTranslation } from 'react-i18next';
import { Alert, PageHeader } from '../components/ui';
import { OtherDevicesCard } from '../features/account/other-devices-card';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { ApiTokensCard } from '../features/account/api-tokens-card';
import { CalendarFeedCard } from '../features/account/calendar-feed-card';
import { useRequiredUser } from '../features/auth/use-auth-user';

export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <div className="flex flex-col gap-8">
        {user.is_demo ? (
          // The API refuses profile and password changes for the demo user; say so instead of offering forms.
          <Alert type="warning">{t('profile.demo')}</Alert>
        ) : (
          <>
            <ProfileForm user={user} />
            <PasswordForm />
            <OtherDevicesCard />
          </>
        )}
        {/* Per user (spec: "a per-user secret iCalendar feed") and open to every role, so it lives here, not on the admins' team page. */}
        <CalendarFeedCard teamName={user.teams.find((team) => team.id === user.team_id)?.name ?? ''} />
        {!user.is_demo && <ApiTokensCard />}
      </div>
    </>
  );
}
