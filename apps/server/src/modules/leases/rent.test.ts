import { describe, expect, it } from 'vitest';
import { addCalendarDays, addCalendarMonths, todayIn } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

describe('rent in force', () => {
  it('is the row covering today (per square foot × area), nothing in free-rent months, and holdover at its rate', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await createVia(admin, 'stores', { name: 'Harbor Grill Tyler' });
    const today = todayIn('UTC');
    const lease = async (body: Record<string, unknown>) => {
      const response = await admin.post('/app/api/v1/leases', {
        store_id: store.id,
        status: 'active',
        ...body,
      });
      expect(response.status).toBe(201);
      return response.body.data as { monthly_rent: number; rent_basis: string; annual_rent: number };
    };

    // $48.00 a square foot a year on 2,500 sq ft is $10,000 a month; the first row (2010) is not the rent any more.
    const perSqft = await lease({
      commencement_date: '2010-01-01',
      expiration_date: addCalendarMonths(today, 24),
      rentable_sqft: 2500,
      rent_schedule: [
        { start_date: '2010-01-01', end_date: addCalendarDays(today, -1), monthly_amount: 6000 },
        { start_date: today, end_date: addCalendarMonths(today, 24), amount_per_sqft: 48 },
      ],
      charges: [{ kind: 'cam', monthly_amount: 500 }],
    });
    expect(perSqft).toMatchObject({
      monthly_rent: 10_000,
      rent_basis: 'scheduled',
      annual_rent: (10_000 + 500) * 12,
    });

    // Three free months from rent commencement last month: no rent yet.
    const free = await lease({
      commencement_date: addCalendarMonths(today, -1),
      rent_commencement_date: addCalendarMonths(today, -1),
      free_rent_months: 3,
      expiration_date: addCalendarMonths(today, 60),
      rent_schedule: [
        {
          start_date: addCalendarMonths(today, -1),
          end_date: addCalendarMonths(today, 60),
          monthly_amount: 7000,
        },
      ],
    });
    expect(free).toMatchObject({ monthly_rent: 0, rent_basis: 'free_rent', annual_rent: 0 });

    // Expired two months ago, holding over at 150 % of the last rent of $8,333.33: $12,500.00 (half up).
    const holdover = await lease({
      status: 'holdover',
      commencement_date: '2015-01-01',
      expiration_date: addCalendarMonths(today, -2),
      holdover_rate: 150,
      rent_schedule: [
        { start_date: '2015-01-01', end_date: '2019-12-31', monthly_amount: 5000 },
        { start_date: '2020-01-01', end_date: addCalendarMonths(today, -2), monthly_amount: 8333.33 },
      ],
    });
    expect(holdover).toMatchObject({ monthly_rent: 12_500, rent_basis: 'holdover' });

    // The dashboard's expenditure adds the same figures: 10,000 + 500 charges, 0 free, 12,500 holdover, × 12.
    expect((await admin.get('/app/api/v1/dashboard')).body.data.stats.expenditure).toBe(
      (10_000 + 500 + 0 + 12_500) * 12,
    );
  });
});
