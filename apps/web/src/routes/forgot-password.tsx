import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@storekeep/contracts';
import { authApi } from '../api/client';
import { Alert, Button, TextInput } from '../components/ui';
import { applyServerErrors } from '../lib/form-errors';

export function Component() {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (input: ForgotPasswordInput) => authApi.post<{ message: string }>('/forgot-password', input),
    onError: (error) => applyServerErrors(error, setError, ['email']),
    meta: { form: true },
  });

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('auth.resetTitle')}
      </h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t('auth.resetIntro')}</p>
      {send.isSuccess && (
        <Alert type="success" className="mt-6">
          {send.data.message}
        </Alert>
      )}
      <form
        onSubmit={handleSubmit((values) => send.mutate(values))}
        noValidate
        className="mt-6 flex flex-col gap-5"
      >
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" loading={send.isPending} className="w-full">
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link to="/login" className="font-semibold text-blue-600 hover:text-blue-500 dark:text-blue-400">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </>
  );
}
