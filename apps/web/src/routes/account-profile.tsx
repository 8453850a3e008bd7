import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert, PageHeader } from '../components/ui';
import { OtherDevicesCard } from '../features/account/other-devices-card';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { ApiTokensCard } from '../features/account/api-tokens-card';
import { CalendarFeedCard } from '../features/account/calendar-feed-card';
import { useRequiredUser } from '../features/auth/use-auth-user';
import { can } from '../features/auth/permissions';

export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  // Where the link mailed to a new address lands (GET /app/email/change/…).
  const emailChanged = useSearchParams()[0].get('email_changed');
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <div className="flex flex-col gap-8">
        {emailChanged === '1' && <Alert type="success">{t('profile.emailChanged')}</Alert>}
        {emailChanged === 'invalid' && <Alert type="error">{t('profile.emailChangeInvalid')}</Alert>}
        {can(user, 'profile.edit') ? (
          <>
            <ProfileForm user={user} />
            <PasswordForm />
            <OtherDevicesCard />
          </>
        ) : (
          // The API refuses profile and password changes for the demo user; say so instead of offering forms.
          <Alert type="warning">{t('profile.demo')}</Alert>
        )}
        {/* Per user (spec: "a per-user secret iCalendar feed") and open to every role, so it lives here, not on the admins' team page. */}
        <CalendarFeedCard
          teamName={user.teams.find((team) => team.id === user.team_id)?.name ?? ''}
          wholeTeam={can(user, 'team.browse')}
        />
        {can(user, 'profile.edit') && <ApiTokensCard verified={Boolean(user.email_verified_at)} />}
      </div>
    </>
  );
}
