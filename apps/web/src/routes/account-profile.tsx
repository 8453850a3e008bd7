import { useTranslation } from 'react-i18next';
import { Alert, PageHeader } from '../components/ui';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { useRequiredUser } from '../features/auth/use-auth-user';

export function Component() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  return (
    <>
      <PageHeader title={t('profile.title')} />
      {user.is_demo ? (
        // The API refuses profile and password changes for the demo user; say so instead of offering forms.
        <Alert type="warning">{t('profile.demo')}</Alert>
      ) : (
        <div className="flex flex-col gap-8">
          <ProfileForm user={user} />
          <PasswordForm />
        </div>
      )}
    </>
  );
}
