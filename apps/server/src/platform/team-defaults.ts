import { changeHook } from './change-hooks';
import type { Executor } from './db';

/**
 * What is kept computed from a team's default readings (the stored accounting schedules of leases whose profile
 * leaves a reading to the team, decision 0039) follows a change of them. The teams module calls
 * `teamDefaultsChanged` inside the settings' transaction with the names of the settings that changed; the
 * module that keeps the figures registers here from app.ts, so the teams module need not import it (it reads
 * the team's settings).
 */
export type TeamDefaultsChangedListener = (
  trx: Executor,
  teamId: number,
  settings: string[],
) => Promise<void>;

const hook = changeHook<string[]>();

export function onTeamDefaultsChanged(listener: TeamDefaultsChangedListener) {
  hook.on(listener);
}

export async function teamDefaultsChanged(trx: Executor, teamId: number, settings: string[]) {
  if (settings.length) await hook.emit(trx, teamId, settings);
}
