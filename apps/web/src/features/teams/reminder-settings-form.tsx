import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TOAST_TIMEOUT_MS, teamSettingsInputSchema, type TeamSettings, type TeamSettingsInput } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { Button, Card, Skeleton, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';

const settingsKey = (teamId: number) => ['teams', teamId, 'settings'] as const;
const FIELDS = ['lead_days', 'window_days', 'alignment_days'] as const;

type FormValues = { lead_days: string; window_days: string; alignment_days: string };

const toForm = (settings: TeamSettings): FormValues => ({
  lead_days: settings.lead_days.join(', '),
  window_days: String(settings.window_days),
  alignment_days: String(settings.alignment_days),
});

/** "Reminder lead times" on the team page (admins): GET/PATCH /teams/{id}/settings with the contract's rules. */
export function ReminderSettingsCard({ teamId }: { teamId: number }) {
  const settings = useQuery({
    queryKey: settingsKey(teamId),
    queryFn: ({ signal }) => api.get<{ data: TeamSettings }>(`/teams/${teamId}/settings`, { signal }).then((body) => body.data),
  });
  if (!settings.data) return <Skeleton className="h-72 w-full" />;
  return <ReminderSettingsForm key={JSON.stringify(settings.data)} teamId={teamId} settings={settings.data} />;
}

function ReminderSettingsForm({ teamId, settings }: { teamId: number; settings: TeamSettings }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, TeamSettingsInput>({
    // The text boxes hold strings; the shared schema turns "180, 90" into [180, 90] and checks it.
    resolver: zodResolver(teamSettingsInputSchema) as never,
    defaultValues: toForm(settings),
  });
  const save = useMutation({
    mutationFn: (input: TeamSettingsInput) => api.patch<{ data: TeamSettings }>(`/teams/${teamId}/settings`, input).then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(teamId), saved);
      // Lead times move reminders in and out of the inbox; the window changes the dashboard's counts.
      void invalidateAfterWrite(['reminders'], ['dashboard'], ['auth-user']);
      toast.success(t('teamSettings.saved'), { duration: TOAST_TIMEOUT_MS });
    },
    onError: (error) => applyServerErrors(error, setError, FIELDS),
    meta: { form: true },
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate>
      <Card
        title={t('teamSettings.title')}
        description={t('teamSettings.text')}
        footer={
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        }
      >
        <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
          <TextInput
            containerClassName="sm:col-span-2"
            label={t('teamSettings.lead_days')}
            hint={t('teamSettings.leadHint')}
            inputMode="numeric"
            autoComplete="off"
            error={formState.errors.lead_days?.message}
            {...register('lead_days')}
          />
          <TextInput
            label={t('teamSettings.window_days')}
            hint={t('teamSettings.windowHint')}
            type="number"
            min={1}
            max={3650}
            error={formState.errors.window_days?.message}
            {...register('window_days')}
          />
          <TextInput
            label={t('teamSettings.alignment_days')}
            hint={t('teamSettings.alignmentHint')}
            type="number"
            min={0}
            max={3650}
            error={formState.errors.alignment_days?.message}
            {...register('alignment_days')}
          />
        </div>
      </Card>
    </form>
  );
}
