import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@storekeep/contracts';
import { api } from '../../api/client';
import { Button } from '../../components/ui';

/** PATCH /teams/{id}/switch; the whole app state belongs to the old team, so a full reload is simplest and safest. */
export function useSwitchTeam() {
  return useMutation({
    mutationFn: (teamId: number) => api.patch<{ data: AuthUser }>(`/teams/${teamId}/switch`),
    onSuccess: () => window.location.reload(),
  });
}

/**
 * The user's other teams, each a button that switches to it: offered where the current team is closed
 * (/reactivate, the inactive team's 403 page), so someone who also works in an active team is not stuck.
 */
export function OtherTeams({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const switchTeam = useSwitchTeam();
  const others = user.teams.filter((team) => team.id !== user.team_id);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="other-teams-heading" className="mt-8 w-full max-w-sm text-center">
      <h2 id="other-teams-heading" className="text-sm font-semibold text-gray-900 dark:text-white">
        {t('teamSwitch.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('teamSwitch.text')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {others.map((team) => (
          <li key={team.id}>
            <Button
              color="white"
              className="w-full"
              onClick={() => switchTeam.mutate(team.id)}
              loading={switchTeam.isPending && switchTeam.variables === team.id}
              disabled={switchTeam.isPending}
            >
              {t('teamSwitch.action', { name: team.name })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
