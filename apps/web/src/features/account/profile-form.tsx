import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, updateProfileSchema, type AuthUser, type UpdateProfileInput } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { Button, Card, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';

export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { name: user.name, email: user.email },
  });
  const save = useMutation({
    mutationFn: (input: UpdateProfileInput) => api.patch<{ data: AuthUser }>('/users/profile', input),
    onSuccess: (body) => {
      queryClient.setQueryData(queryKeys.authUser, body.data);
      reset({ name: body.data.name, email: body.data.email });
      toast.success(t('profile.saved'), { duration: TOAST_TIMEOUT_MS });
    },
    onError: (error) => applyServerErrors(error, setError, ['name', 'email']),
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
          <TextInput label={t('auth.name')} autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
          <TextInput label={t('auth.email')} type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        </div>
      </Card>
    </form>
  );
}
