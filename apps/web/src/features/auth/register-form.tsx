import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerSchema, type RegisterInput } from '@storekeep/contracts';
import { authApi } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { Alert, Button, PasswordInput, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { authUserQuery } from './auth-user-query';

type RegisterFormProps = {
  /** Token of the team invitation being accepted by signing up. */
  invitation?: string;
  /** The signature of the invitation e-mail's link: it proves the address, so the account joins at once. */
  invitationSignature?: string;
  email?: string;
  lockEmail?: boolean;
  /** Called before the new user is shown as signed in, so a page can tell "just registered" from "already signed in". */
  onRegistered?: () => void;
};

export function RegisterForm({
  invitation,
  invitationSignature,
  email = '',
  lockEmail,
  onRegistered,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: '',
      email,
      password: '',
      password_confirmation: '',
      invitation,
      invitation_signature: invitationSignature,
    },
  });
  const { errors } = formState;
  // Set when the server took the sign-up but signed no one in: the address already has an account, whose
  // owner now has an e-mail about it. The server answers both cases alike so no one learns who has an account.
  const [checkInbox, setCheckInbox] = useState<{ email: string; message: string } | null>(null);
  const signUp = useMutation({
    mutationFn: async (input: RegisterInput) => {
      // The new team's "today" is this browser's.
      const { message } = await authApi.post<{ message: string }>('/register', {
        ...input,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      onRegistered?.();
      const user = await queryClient.fetchQuery({ ...authUserQuery, staleTime: 0 });
      return { message, user };
    },
    onSuccess: ({ message, user }, input) => {
      if (user) navigate('/dashboard', { replace: true });
      else setCheckInbox({ email: input.email, message });
    },
    onError: (error) =>
      applyServerErrors(error, setError, ['name', 'email', 'password', 'password_confirmation']),
    meta: { form: true },
  });

  if (checkInbox) {
    return (
      <Alert type="success" title={t('auth.checkInbox')}>
        {checkInbox.message} {t('auth.checkInboxHint', { email: checkInbox.email })}
      </Alert>
    );
  }

  return (
    <form
      onSubmit={handleSubmit((values) => signUp.mutate(values))}
      noValidate
      className="flex flex-col gap-5"
    >
      <TextInput
        label={t('auth.name')}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextInput
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        readOnly={lockEmail}
        error={errors.email?.message}
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
      <Button type="submit" loading={signUp.isPending} className="w-full">
        {t('auth.register')}
      </Button>
    </form>
  );
}
