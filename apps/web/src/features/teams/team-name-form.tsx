import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { renameTeamSchema, TOAST_TIMEOUT_MS, type TeamDetail } from '@storekeep/contracts';
import { Button, Card, TextInput } from '../../components/ui';
import { applyServerErrors } from '../../lib/form-errors';
import { useRenameTeam } from './use-team';
import { can } from '../auth/permissions';

export function TeamNameForm({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const canRename = can(team.abilities, 'rename');
  const rename = useRenameTeam(team.id);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(renameTeamSchema),
    defaultValues: { name: team.name },
  });

  const onSubmit = handleSubmit((values) =>
    rename.mutate(values, {
      onSuccess: () => toast.success(t('team.renamed'), { duration: TOAST_TIMEOUT_MS }),
      onError: (error) => applyServerErrors(error, setError, ['name']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Card
        title={t('team.settings')}
        description={t('team.settingsText')}
        footer={
          canRename && (
            <Button type="submit" loading={rename.isPending}>
              {t('common.save')}
            </Button>
          )
        }
      >
        <TextInput
          label={t('team.name')}
          containerClassName="max-w-xl"
          readOnly={!canRename}
          error={formState.errors.name?.message}
          {...register('name')}
        />
      </Card>
    </form>
  );
}
