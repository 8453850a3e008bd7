import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, Checkbox, PasswordInput, TextInput } from '../../components/ui';
import { isApiError } from '../../api/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLogin } from './use-login';

// Zod stays out of the login page's first load; the rules arrive with the first submit.
const resolver = lazyResolver(() => import('./login-validation').then((module) => module.loginResolver));

type LoginFormProps = { redirectTo: string; defaultEmail?: string };

export function LoginForm({ redirectTo, defaultEmail = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin({ form: true });
  const { register, handleSubmit, setError, formState } = useForm({
    resolver,
    defaultValues: { email: defaultEmail, password: '', remember: false },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate(redirectTo, { replace: true }),
      onError: (error) => {
        // invalid_grant / 401 from the token strategy reads as the translated "auth failed" (spec §8).
        if (isApiError(error) && (error.status === 401 || error.message === 'invalid_grant')) {
          setError('email', { type: 'server', message: t('auth.failed') }, { shouldFocus: true });
          return;
        }
        applyServerErrors(error, setError, ['email', 'password']);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextInput
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordInput
        label={t('auth.password')}
        error={errors.password?.message}
        labelAside={
          <Link
            to="/password/reset"
            className="text-sm font-medium text-blue-600 hover:text-blue-500 dark:text-blue-400"
          >
            {t('auth.forgot')}
          </Link>
        }
        {...register('password')}
      />
      <Checkbox label={t('auth.remember')} {...register('remember')} />
      <Button type="submit" loading={login.isPending} className="w-full">
        {t('auth.login')}
      </Button>
    </form>
  );
}
