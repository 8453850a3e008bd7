import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inviteMemberSchema, TEAM_ROLES, TOAST_TIMEOUT_MS, type TeamRole } from '@storekeep/contracts';
import { Button, Card, Select, TextInput } from '../../components/ui';
import { isApiError } from '../../api/api-error';
import { applyServerErrors } from '../../lib/form-errors';
import { CompanyScopePicker, useFranchiseeOptions } from './member-companies';
import { useInviteMember } from './use-team';

export function InviteForm({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const invite = useInviteMember(teamId);
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'manager' as TeamRole },
  });
  const roles = TEAM_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  // An invitation can limit the new member to franchisee companies (a franchisee's own people).
  const franchisees = useFranchiseeOptions(true);
  const [companies, setCompanies] = useState<string[]>([]);
  const [companyError, setCompanyError] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setCompanyError(null);
    invite.mutate(
      { ...values, company_ids: companies.length ? companies.map(Number) : null },
      {
        onSuccess: () => {
          toast.success(t('team.invited', { email: values.email }), { duration: TOAST_TIMEOUT_MS });
          reset({ email: '', role: values.role });
          setCompanies([]);
        },
        onError: (error) => {
          applyServerErrors(error, setError, ['email', 'role']);
          if (isApiError(error)) setCompanyError(error.errors.company_ids?.[0] ?? null);
        },
      },
    );
  });

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
        {franchisees.length > 0 && (
          <div className="mt-4 flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-3">
              <CompanyScopePicker
                label={t('team.companies.invitePicker')}
                options={franchisees}
                selected={companies}
                onChange={setCompanies}
              />
              <p className="text-sm text-gray-500 dark:text-gray-400">{t('team.companies.inviteHelp')}</p>
            </div>
            {companyError && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {companyError}
              </p>
            )}
          </div>
        )}
      </Card>
    </form>
  );
}
