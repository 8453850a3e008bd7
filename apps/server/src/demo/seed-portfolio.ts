import type { CompanyKind, RecordType } from '@storekeep/contracts';
import { type Trx, untyped } from '../platform/db';
import { nowIso } from '../platform/clock';
import { recordDefinitions, reindex } from '../modules/records/index';
import { insertLease, exerciseOptionIn, addDaysIso, escalationRows, todayIso } from '../modules/leases/index';
import { addCalendarMonths } from '@storekeep/contracts';
import { insertAgreement } from '../modules/agreements/index';
import { useStatedBreakpoint } from '../modules/percentage-rent/index';
import { seedSales } from './seed-sales';
import {
  cityAt,
  companyName,
  createRandom,
  FRANCHISORS,
  isoDate,
  person,
  phone,
  storeStatus,
  streetAddress,
} from './portfolio';

const monthsBeforeTermEnd = (amount: number) =>
  ({ anchor: 'term_end', amount, unit: 'months', direction: 'before' }) as const;

const NOTES = [
  'Landlord confirmed the CAM reconciliation will arrive by March.',
  'Renewal option notice must go out by certified mail — diarised.',
  'Franchisee asked about relocating within the radius; check the exclusive-use clause.',
  'Insurance certificate expires in the autumn; request the new one early.',
  'Site visit went well; new signage approved by the landlord.',
];

/**
 * A franchise agreement for two in three leased stores (the rest run as corporate stores), ending close to
 * the store's lease — except one in eight, months apart, so the dashboard's alignment warnings and the
 * agreements' renewal-notice reminders have something to show. Its own random sequence keeps the rest of
 * the portfolio as it was.
 */
async function seedAgreements(trx: Trx, teamId: number, userId: number) {
  const random = createRandom(20_250_101);
  const leased = await trx
    .selectFrom('leases')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .select([
      'stores.id',
      'stores.brand_id',
      'stores.company_id',
      'stores.opening_date',
      'leases.expiration_date',
    ])
    .where('leases.team_id', '=', teamId)
    .orderBy('stores.id')
    .execute();
  for (const [i, store] of leased.entries()) {
    if (i % 3 === 2 || store.brand_id === null || !store.expiration_date) continue;
    const misaligned = i % 8 === 0;
    const expiration = addDaysIso(
      store.expiration_date,
      misaligned ? random.pick([-1, 1]) * random.int(120, 400) : random.int(-30, 30),
    );
    const effective = addDaysIso(expiration, -3652);
    await insertAgreement(
      trx,
      teamId,
      {
        brand_id: store.brand_id,
        franchisee_id: store.company_id,
        store_ids: [store.id],
        agreement_number: `FA-${String(3000 + i)}`,
        type: 'single_unit',
        status: 'open',
        signed_date: addDaysIso(effective, -random.int(30, 120)),
        effective_date: effective,
        opening_date: store.opening_date,
        expiration_date: expiration,
        initial_term_months: 120,
        renewal_count: random.pick([1, 2]),
        renewal_length_months: 60,
        renewal_notice_days: random.pick([180, 270, 365]),
        renewal_fee: random.pick([10_000, 15_000]),
        initial_fee: random.pick([35_000, 45_000, 50_000]),
        royalty_percent: random.pick([5, 6, 7]),
        royalty_minimum: random.chance(0.5) ? 1_000 : null,
        royalty_tiers: random.chance(0.3) ? [{ from_sales: 1_000_000, percent: 5 }] : [],
        marketing_percent: random.pick([1, 2, 3]),
        technology_fee: random.pick([250, 300, 450]),
        transfer_fee: 10_000,
        reporting_frequency: random.pick(['weekly', 'monthly'] as const),
        territory_description: 'A three-mile radius around the store.',
        territory_exclusive: random.chance(0.7),
        territory_radius_miles: 3,
        clauses: [
          {
            kind: 'term_renewal',
            text: 'Franchisee may renew by written notice before the renewal notice deadline, if not in default.',
          },
        ],
      },
      { userId, ip: null },
    );
  }
}

/**
 * The demo team's portfolio: 3 franchisors with 4 brands, ~40 franchisee and landlord companies,
 * ~120 stores across several states with coordinates, ~150 contacts and some notes.
 */
export async function seedPortfolio(trx: Trx, teamId: number, userId: number) {
  const random = createRandom(20_240_601);
  const now = nowIso();
  // One insert helper for four tables.
  const db = untyped(trx);
  const insert = async (table: RecordType, values: Record<string, unknown>) => {
    const row = await db
      .insertInto(table)
      .values({ ...values, team_id: teamId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await reindex(trx, recordDefinitions[table], teamId, id);
    return id;
  };

  const brandIds: number[] = [];
  for (const franchisor of FRANCHISORS) {
    const place = cityAt(random);
    const companyId = await insert('companies', {
      name: franchisor.name,
      legal_name: franchisor.name,
      kind: 'franchisor',
      email: `franchising@${franchisor.brands[0].toLowerCase().replace(/[^a-z]/g, '')}.example.com`,
      phone: phone(random),
      website: `https://www.${franchisor.brands[0].toLowerCase().replace(/[^a-z]/g, '')}.example.com`,
      address_line1: streetAddress(random),
      city: franchisor.city,
      region: place.region,
      postal_code: place.postal_code,
      country: 'US',
      description: `Franchisor of ${franchisor.brands.join(' and ')}.`,
    });
    for (const brand of franchisor.brands)
      brandIds.push(
        await insert('brands', {
          name: brand,
          company_id: companyId,
          description: `${brand} franchise system.`,
        }),
      );
  }

  const companies: Array<{ id: number; kind: CompanyKind }> = [];
  for (let i = 0; i < 40; i += 1) {
    const kind: CompanyKind = i < 24 ? 'franchisee' : i < 36 ? 'landlord' : 'vendor';
    const place = cityAt(random);
    const id = await insert('companies', {
      name: companyName(random, kind),
      kind,
      phone: phone(random),
      address_line1: streetAddress(random),
      city: place.city,
      region: place.region,
      postal_code: place.postal_code,
      country: 'US',
    });
    companies.push({ id, kind });
  }
  const franchisees = companies.filter((c) => c.kind === 'franchisee');

  const contactIds: number[] = [];
  for (let i = 0; i < 150; i += 1) {
    const place = cityAt(random);
    contactIds.push(
      await insert('contacts', {
        ...person(random),
        company_id: random.pick(companies).id,
        phone: phone(random),
        mobile: random.chance(0.6) ? phone(random) : null,
        city: place.city,
        region: place.region,
        country: 'US',
      }),
    );
  }

  const storeIds: number[] = [];
  for (let i = 0; i < 120; i += 1) {
    const place = cityAt(random);
    const brandIndex = i % brandIds.length;
    const brandName = [...FRANCHISORS.flatMap((f) => f.brands)][brandIndex]!;
    const status = storeStatus(random);
    const opening = status === 'planned' ? null : isoDate(random, 2012, 2025);
    storeIds.push(
      await insert('stores', {
        name: `${brandName} ${place.city}${random.chance(0.4) ? ` ${random.pick(['North', 'Downtown', 'Midtown', 'West', 'Airport', 'Plaza'])}` : ''}`,
        store_number: `${brandName.replace(/[^A-Z]/g, '')}-${String(1001 + i)}`,
        brand_id: brandIds[brandIndex],
        company_id: random.pick(franchisees).id,
        status,
        opening_date: opening,
        closing_date:
          status === 'closed' && opening ? `${Number(opening.slice(0, 4)) + 6}${opening.slice(4)}` : null,
        address_line1: streetAddress(random),
        city: place.city,
        region: place.region,
        postal_code: place.postal_code,
        country: 'US',
        latitude: place.latitude,
        longitude: place.longitude,
        phone: phone(random),
        square_feet: random.int(12, 60) * 100,
        manager_id: random.pick(contactIds),
      }),
    );
  }

  // A lease per store that has opened, spread so the dashboard has deadlines in every horizon.
  const landlords = companies.filter((c) => c.kind === 'landlord');
  const today = todayIso();
  const leaseIds: number[] = [];
  for (const [i, storeId] of storeIds.entries()) {
    if (i % 6 === 5) continue;
    // The first lease's first renewal window is open today (it is exercised below); the second has a kick-out
    // right a few months out; the rest spread over the coming ten years.
    const expiration = i === 0 ? addCalendarMonths(today, 8) : addDaysIso(today, random.int(-60, 3650));
    const commencement =
      i === 1 ? addCalendarMonths(today, -35) : addDaysIso(expiration, -random.pick([5, 10, 15]) * 365);
    const rent = escalationRows({
      start_date: commencement,
      end_date: expiration,
      monthly_amount: random.int(40, 140) * 100,
      method: 'percent',
      value: random.pick([2, 2.5, 3]),
      every_months: 12,
    });
    await insertLease(
      trx,
      teamId,
      {
        store_id: storeId,
        reference: `L-${String(2000 + i)}`,
        status: expiration < today ? 'holdover' : 'active',
        type: random.pick(['nnn', 'net', 'gross', 'modified_gross'] as const),
        landlord_id: random.pick(landlords).id,
        tenant_id: random.pick(franchisees).id,
        commencement_date: commencement,
        rent_commencement_date: commencement,
        expiration_date: expiration,
        rentable_sqft: random.int(12, 60) * 100,
        security_deposit: random.int(10, 40) * 1000,
        // Every seventh lease also charges percentage rent, so the sales report has some to show.
        percentage_rent_breakpoint: i % 7 === 0 ? 600_000 : null,
        percentage_rent_rate: i % 7 === 0 ? 6 : null,
        rent_schedule: rent.map((r) => ({ ...r, amount_per_sqft: null })),
        charges: [
          { kind: 'cam', monthly_amount: random.int(3, 12) * 100, estimated: true },
          { kind: 'taxes', monthly_amount: random.int(2, 8) * 100, estimated: false },
        ],
        // "Not earlier than 12 nor later than 6 months before the end of the then-current term", on a business day.
        options: [
          {
            kind: 'renewal',
            count: 2,
            length_months: 60,
            notice: {
              earliest: monthsBeforeTermEnd(12),
              latest: monthsBeforeTermEnd(i === 0 ? 6 : random.pick([6, 6, 9])),
              business_day: 'previous',
            },
            delivery_method: random.pick(['Certified mail', 'Courier', 'Certified mail and e-mail']),
          },
          // A kick-out right: "within 90 days after the end of the 36th full lease month", if sales miss the threshold.
          ...(i === 1
            ? [
                {
                  kind: 'termination',
                  count: 1,
                  notice: {
                    earliest: {
                      anchor: 'end_of_term_month',
                      term_month: 36,
                      amount: 0,
                      unit: 'days',
                      direction: 'after',
                    },
                    latest: {
                      anchor: 'end_of_term_month',
                      term_month: 36,
                      amount: 90,
                      unit: 'days',
                      direction: 'after',
                    },
                    business_day: 'none',
                  },
                  delivery_method: 'Certified mail',
                },
              ]
            : []),
        ],
        clauses: random.chance(0.3)
          ? [
              {
                kind: 'co_tenancy',
                text: 'Rent drops to 50% if an anchor tenant stays dark for more than 90 days.',
              },
            ]
          : [
              {
                kind: 'exclusive_use',
                text: 'Landlord will not lease to another quick-service restaurant in the center.',
              },
            ],
      },
      { userId, ip: null },
    ).then((id) => leaseIds.push(id));
    // Their contracts state the breakpoint: $600,000 every lease year, not the natural one.
    if (i % 7 === 0) await useStatedBreakpoint(trx, teamId, leaseIds.at(-1)!);
  }
  // One renewal already exercised, so the lease's history shows an exercise and the chain its second window.
  if (leaseIds[0])
    await exerciseOptionIn(trx, teamId, { userId, ip: null }, leaseIds[0], 0, {
      rent_method: 'percent',
      percent: 3,
      delivery_method: 'Certified mail',
    });

  // A few deadlines that were missed (entered while due, now past) and a few due this month: what a real
  // portfolio's inbox looks like on any day, instead of years of history.
  const inbox: Array<[number, string]> = [
    [-3, 'Send the CAM audit request to Crossroads Realty'],
    [-10, 'Return the signed estoppel certificate'],
    [-24, 'Renew the liquor license'],
    [4, 'Collect the landlord’s 2025 CAM reconciliation'],
    [12, 'Confirm the insurance certificate on file'],
    [26, 'Review the co-tenancy clause before the anchor closes'],
  ];
  for (const [offset, title] of inbox) {
    const due = addDaysIso(today, offset);
    await trx
      .insertInto('reminders')
      .values({
        team_id: teamId,
        subject_type: 'store',
        subject_id: random.pick(storeIds),
        source: 'manual',
        title,
        due_date: due,
        visible_from: addDaysIso(due, -30),
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  await seedAgreements(trx, teamId, userId);
  await seedSales(trx, teamId, today);

  for (let i = 0; i < 30; i += 1) {
    await trx
      .insertInto('notes')
      .values({
        team_id: teamId,
        subject_type: 'store',
        subject_id: random.pick(storeIds),
        user_id: userId,
        body: random.pick(NOTES),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
