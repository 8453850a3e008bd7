import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerSchema, type AuthUser, type RegisterInput } from '@storekeep/contracts';
import { authApi } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Button, PasswordInput, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';

type RegisterFormProps = {
  /** Token of the team invitation being accepted by signing up. */
  invitation?: string;
  email?: string;
  lockEmail?: boolean;
  /** Called before the new user is stored, so a page can tell "just registered" from "already signed in". */
  onRegistered?: () => void;
};

export function RegisterForm({ invitation, email = '', lockEmail, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email, password: '', password_confirmation: '', invitation },
  });
  const { errors } = formState;
  const signUp = useMutation({
    mutationFn: (input: RegisterInput) => authApi.post<{ data: AuthUser }>('/register', input),
    onSuccess: (body) => {
      onRegistered?.();
      queryClient.setQueryData(queryKeys.authUser, body.data);
      navigate('/dashboard', { replace: true });
    },
    onError: (error) => applyServerErrors(error, setError, ['name', 'email', 'password', 'password_confirmation']),
    meta: { form: true },
  });

  return (
    <form onSubmit={handleSubmit((values) => signUp.mutate(values))} noValidate className="flex flex-col gap-5">
      <TextInput label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextInput label={t('auth.email')} type="email" autoComplete="email" readOnly={lockEmail} error={errors.email?.message} {...register('email')} />
      <PasswordInput label={t('auth.password')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <PasswordInput
        label={t('auth.passwordConfirmation')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" loading={signUp.isPending} className="w-full">
        {t('auth.register')}
      </Button>
    </form>
  );
}
