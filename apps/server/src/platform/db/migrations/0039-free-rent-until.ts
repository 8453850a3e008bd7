import { freeRentUntil } from '@storekeep/contracts';
import { columnTypes, type AppMigration } from '../migration-helpers';

/**
 * The last day of a lease's free-rent months, kept beside the months so the dashboard's rent total can leave
 * those leases out with a plain comparison (calendar-month arithmetic differs between the dialects' SQL).
 * Written with the lease from then on; existing leases are filled in here.
 */
export const freeRentUntilColumn: AppMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('leases').addColumn('free_rent_until', columnTypes(dialect).date).execute();
    const leases = (await db
      .selectFrom('leases')
      .select(['id', 'rent_commencement_date', 'commencement_date', 'free_rent_months'])
      .where('free_rent_months', '>', 0)
      .execute()) as Array<{
      id: number;
      rent_commencement_date: string | null;
      commencement_date: string | null;
      free_rent_months: number | null;
    }>;
    for (const lease of leases) {
      const until = freeRentUntil({
        ...lease,
        rent_commencement_date: lease.rent_commencement_date && String(lease.rent_commencement_date),
        commencement_date: lease.commencement_date && String(lease.commencement_date),
      });
      if (until)
        await db.updateTable('leases').set({ free_rent_until: until }).where('id', '=', lease.id).execute();
    }
  },
};
