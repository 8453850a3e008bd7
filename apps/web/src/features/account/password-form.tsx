import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, updatePasswordSchema, type UpdatePasswordInput } from '@storekeep/contracts';
import { api } from '../../api/client';
import { Button, Card, PasswordInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';

const empty = { current_password: '', password: '', password_confirmation: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: empty,
  });
  const { errors } = formState;
  const save = useMutation({
    mutationFn: (input: UpdatePasswordInput) => api.put<{ message: string }>('/users/password', input),
    onSuccess: () => {
      reset(empty);
      toast.success(t('profile.passwordSaved'), { duration: TOAST_TIMEOUT_MS });
    },
    onError: (error) =>
      applyServerErrors(error, setError, ['current_password', 'password', 'password_confirmation']),
    meta: { form: true },
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
      <Card
        title={t('profile.passwordTitle')}
        description={t('profile.passwordText')}
        footer={
          <Button type="submit" loading={save.isPending}>
            {t('profile.savePassword')}
          </Button>
        }
      >
        <div className="grid max-w-xl gap-5">
          <PasswordInput
            label={t('profile.currentPassword')}
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <PasswordInput
            label={t('profile.newPassword')}
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
        </div>
      </Card>
    </form>
  );
}
