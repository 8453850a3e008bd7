import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import type { Deps } from './platform/deps';
import { nowIso } from './platform/clock';
import { hashPassword } from './modules/auth/passwords';
import { findUserByEmail } from './modules/auth/repository';
import { createPersonalTeam } from './modules/teams/service';
import { insertUser } from './modules/users/repository';
import { renameTeam } from './modules/teams/repository';
import { seedPortfolio } from './demo/seed-portfolio';
import { writeTransaction } from './platform/db';

/** The demo team of ARCHITECTURE §6 with its portfolio: made once, in one transaction, on a database without the demo user. */
export async function seedDemo(deps: Deps): Promise<boolean> {
  if (!deps.config.SEED_DEMO || (await findUserByEmail(deps.db, DEMO_EMAIL))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    const user = await insertUser(trx, { name: 'Demo User', email: DEMO_EMAIL, passwordHash, now, verifiedAt: now });
    const team = await createPersonalTeam(trx, user, now);
    await renameTeam(trx, team.id, 'Demo Franchise Group', now);
    await seedPortfolio(trx, team.id, user.id);
  });
  return true;
}
