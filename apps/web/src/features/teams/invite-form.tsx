import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inviteMemberSchema, TEAM_ROLES, TOAST_TIMEOUT_MS, type TeamRole } from '@storekeep/contracts';
import { Button, Card, Select, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { useInviteMember } from './use-team';

export function InviteForm({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const invite = useInviteMember(teamId);
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'manager' as TeamRole },
  });
  const roles = TEAM_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        toast.success(t('team.invited', { email: values.email }), { duration: TOAST_TIMEOUT_MS });
        reset({ email: '', role: values.role });
      },
      onError: (error) => applyServerErrors(error, setError, ['email', 'role']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card title={t('team.inviteTitle')} description={t('team.inviteText')}>
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="off"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Select
            label={t('team.role')}
            options={roles}
            error={formState.errors.role?.message}
            {...register('role')}
          />
          <Button type="submit" loading={invite.isPending} className="sm:mt-7">
            {t('team.invite')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
