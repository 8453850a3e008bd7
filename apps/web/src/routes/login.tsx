import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../components/ui';
import { LoginForm } from '../features/auth/login-form';
import { safeRedirect } from '../lib/form-errors';

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const verified = params.get('verified');
  // The link of an e-mail change opened in a browser that is not signed in.
  const emailChanged = params.get('email_changed');
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('auth.loginTitle')}
      </h1>
      {verified === '1' && (
        <Alert type="success" className="mt-6">
          {t('auth.verified')}
        </Alert>
      )}
      {verified === 'invalid' && (
        <Alert type="error" className="mt-6">
          {t('auth.verifyInvalid')}
        </Alert>
      )}
      {emailChanged === '1' && (
        <Alert type="success" className="mt-6">
          {t('profile.emailChanged')}
        </Alert>
      )}
      {emailChanged === 'invalid' && (
        <Alert type="error" className="mt-6">
          {t('profile.emailChangeInvalid')}
        </Alert>
      )}
      <div className="mt-6">
        <LoginForm
          redirectTo={safeRedirect(params.get('redirect'), '/dashboard')}
          defaultEmail={params.get('email') ?? ''}
        />
      </div>
      <p className="mt-8 text-center text-sm text-gray-600 dark:text-gray-400">
        {t('auth.noAccount')}{' '}
        <Link to="/register" className="font-semibold text-blue-600 hover:text-blue-500 dark:text-blue-400">
          {t('auth.createAccount')}
        </Link>
      </p>
    </>
  );
}
