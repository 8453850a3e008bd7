import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordSchema, TOAST_TIMEOUT_MS, type ResetPasswordInput } from '@storekeep/contracts';
import { authApi } from '../api/client';
import { Button, PasswordInput, TextInput } from '../components/ui';
import { applyServerErrors } from '../lib/form-errors';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, email: params.get('email') ?? '', password: '', password_confirmation: '' },
  });
  const { errors } = formState;
  const reset = useMutation({
    mutationFn: (input: ResetPasswordInput) => authApi.post<{ message: string }>('/reset-password', input),
    onSuccess: (body, input) => {
      toast.success(body.message || t('auth.resetDone'), { duration: TOAST_TIMEOUT_MS });
      navigate(`/login?email=${encodeURIComponent(input.email)}`, { replace: true });
    },
    onError: (error) => applyServerErrors(error, setError, ['email', 'password', 'password_confirmation']),
    meta: { form: true },
  });

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('auth.resetTitle')}
      </h1>
      <form
        onSubmit={handleSubmit((values) => reset.mutate(values))}
        noValidate
        className="mt-6 flex flex-col gap-5"
      >
        <input type="hidden" {...register('token')} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message ?? errors.token?.message}
          {...register('email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={t('auth.passwordConfirmation')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" loading={reset.isPending} className="w-full">
          {t('auth.resetPassword')}
        </Button>
      </form>
    </>
  );
}
