import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  TOAST_TIMEOUT_MS,
  updateProfileSchema,
  type AuthUser,
  type UpdateProfileInput,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Card, PasswordInput, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';

export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState, reset, control } = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { name: user.name, email: user.email, current_password: '' },
  });
  // A new address needs the current password (the server refuses it otherwise), so the field appears with it.
  const email = useWatch({ control, name: 'email' });
  const changingEmail = email.trim().toLowerCase() !== user.email.toLowerCase();
  const save = useMutation({
    mutationFn: ({ current_password, ...input }: UpdateProfileInput) =>
      api.patch<{ data: AuthUser }>('/users/profile', changingEmail ? { ...input, current_password } : input),
    onSuccess: (body) => {
      queryClient.setQueryData(queryKeys.authUser, body.data);
      reset({ name: body.data.name, email: body.data.email, current_password: '' });
      const pending = changingEmail ? body.data.pending_email : null;
      toast.success(pending ? t('profile.emailPending', { email: pending }) : t('profile.saved'), {
        duration: TOAST_TIMEOUT_MS,
      });
    },
    onError: (error) => applyServerErrors(error, setError, ['name', 'email', 'current_password']),
    meta: { form: true },
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
      <Card
        title={t('profile.info')}
        description={t('profile.infoText')}
        footer={
          <Button type="submit" loading={save.isPending}>
            {t('profile.saveProfile')}
          </Button>
        }
      >
        <div className="grid max-w-xl gap-5">
          {user.pending_email && (
            <Alert type="warning">
              {t('profile.emailPendingHint', { email: user.pending_email, current: user.email })}
            </Alert>
          )}
          <TextInput
            label={t('auth.name')}
            autoComplete="name"
            error={formState.errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          {changingEmail && (
            <PasswordInput
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              hint={t('profile.currentPasswordHint')}
              error={formState.errors.current_password?.message}
              {...register('current_password')}
            />
          )}
        </div>
      </Card>
    </form>
  );
}
