import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterForm } from '../features/auth/register-form';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('auth.registerTitle')}
      </h1>
      <div className="mt-6">
        <RegisterForm />
      </div>
      <p className="mt-8 text-center text-sm text-gray-600 dark:text-gray-400">
        {t('auth.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-blue-600 hover:text-blue-500 dark:text-blue-400">
          {t('auth.login')}
        </Link>
      </p>
    </>
  );
}
