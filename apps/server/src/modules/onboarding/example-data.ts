import { addCalendarMonths, type ExampleRecordType } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { insertRecord, recordDefinitions } from '../records/index';
import { addDaysIso, escalationRows, insertLease } from '../leases/index';
import { insertAgreement } from '../agreements/index';
import { upsertSales } from '../sales/index';

type By = { userId: number; ip: string | null };
export type Created = Array<{ type: ExampleRecordType; id: number }>;

const monthsBeforeTermEnd = (amount: number) =>
  ({ anchor: 'term_end', amount, unit: 'months', direction: 'before' }) as const;

/** The first of the month `months` away from `today`'s month. */
const monthStart = (today: string, months: number) => addCalendarMonths(`${today.slice(0, 7)}-01`, months);

/**
 * A small franchise portfolio a new team can look around in: a franchisor with two brands, a franchisee,
 * two landlords, their people, four stores, three leases (rent steps, renewal options, their critical dates
 * and reminders), a franchise agreement and six months of one store's sales. Written through the same
 * inserts the API's creates use (validation, search entries, audit rows, reminders), in the caller's
 * transaction: a failure half way writes nothing. Dates lie around `today`, so the dashboard has deadlines
 * to show. Returns what it created, in creation order.
 */
export async function writeExamplePortfolio(trx: Executor, teamId: number, by: By, today: string) {
  const created: Created = [];
  const record = async (
    type: 'companies' | 'brands' | 'contacts' | 'stores',
    values: Record<string, unknown>,
  ) => {
    const def = recordDefinitions[type];
    const id = await insertRecord(trx, def, teamId, def.inputSchema.parse(values), by);
    created.push({ type, id });
    return id;
  };

  const franchisor = await record('companies', {
    name: 'Harbor Hospitality Group',
    legal_name: 'Harbor Hospitality Group, Inc.',
    kind: 'franchisor',
    email: 'franchising@harborgrill.example.com',
    phone: '(512) 555-0100',
    website: 'https://www.harborgrill.example.com',
    address_line1: '200 Congress Ave',
    city: 'Austin',
    region: 'TX',
    postal_code: '78701',
    country: 'US',
    description: 'Franchisor of Harbor Grill and Harbor Grill Express.',
  });
  const franchisee = await record('companies', {
    name: 'Lone Star Dining LLC',
    kind: 'franchisee',
    email: 'office@lonestardining.example.com',
    phone: '(512) 555-0142',
    address_line1: '1800 W Anderson Ln',
    city: 'Austin',
    region: 'TX',
    postal_code: '78757',
    country: 'US',
  });
  const crossroads = await record('companies', {
    name: 'Crossroads Realty Partners',
    kind: 'landlord',
    phone: '(214) 555-0177',
    address_line1: '4400 Main St',
    city: 'Dallas',
    region: 'TX',
    postal_code: '75226',
    country: 'US',
  });
  const bluebonnet = await record('companies', {
    name: 'Bluebonnet Property Trust',
    kind: 'landlord',
    phone: '(254) 555-0123',
    address_line1: '510 Austin Ave',
    city: 'Waco',
    region: 'TX',
    postal_code: '76701',
    country: 'US',
  });

  const grill = await record('brands', {
    name: 'Harbor Grill',
    company_id: franchisor,
    description: 'Full-service seafood grill.',
  });
  const express = await record('brands', {
    name: 'Harbor Grill Express',
    company_id: franchisor,
    description: 'Counter-service format for food courts and travel centers.',
  });

  const owner = await record('contacts', {
    first_name: 'Maria',
    last_name: 'Alvarez',
    company_id: franchisee,
    job_title: 'Owner',
    email: 'maria@lonestardining.example.com',
    mobile: '(512) 555-0199',
  });
  const manager = await record('contacts', {
    first_name: 'Tom',
    last_name: 'Becker',
    company_id: crossroads,
    job_title: 'Property manager',
    email: 'tbecker@crossroadsrealty.example.com',
    phone: '(214) 555-0178',
  });
  const broker = await record('contacts', {
    first_name: 'Dan',
    last_name: 'Whitfield',
    company_id: crossroads,
    job_title: 'Leasing broker',
    email: 'dwhitfield@crossroadsrealty.example.com',
  });
  const waco = await record('contacts', {
    first_name: 'Priya',
    last_name: 'Shah',
    company_id: bluebonnet,
    job_title: 'Asset manager',
    email: 'priya.shah@bluebonnet.example.com',
  });

  const store = (
    name: string,
    number: string,
    brand: number,
    city: string,
    place: { street: string; postal: string; latitude: number; longitude: number },
    status: 'open' | 'planned',
    opening: string | null,
  ) =>
    record('stores', {
      name,
      store_number: number,
      brand_id: brand,
      company_id: franchisee,
      status,
      opening_date: opening,
      address_line1: place.street,
      city,
      region: 'TX',
      postal_code: place.postal,
      country: 'US',
      latitude: place.latitude,
      longitude: place.longitude,
      square_feet: status === 'open' ? 3200 : null,
      manager_id: owner,
    });
  const downtown = await store(
    'Harbor Grill Austin Downtown',
    'EX-101',
    grill,
    'Austin',
    { street: '301 Colorado St', postal: '78701', latitude: 30.2669, longitude: -97.7451 },
    'open',
    '2019-04-12',
  );
  const roundRock = await store(
    'Harbor Grill Round Rock',
    'EX-102',
    grill,
    'Round Rock',
    { street: '2701 Parker Dr', postal: '78681', latitude: 30.5553, longitude: -97.6934 },
    'open',
    '2021-09-03',
  );
  const wacoStore = await store(
    'Harbor Grill Express Waco',
    'EX-103',
    express,
    'Waco',
    { street: '4320 W Waco Dr', postal: '76710', latitude: 31.5309, longitude: -97.1925 },
    'open',
    '2022-02-18',
  );
  await store(
    'Harbor Grill San Marcos',
    'EX-104',
    grill,
    'San Marcos',
    { street: '3939 S Interstate 35', postal: '78666', latitude: 29.8464, longitude: -97.9548 },
    'planned',
    null,
  );

  // Three leases whose deadlines fall in the dashboard's horizons: a renewal window open in a few months,
  // one a year and a half out, and one years away.
  const lease = async (values: {
    store: number;
    reference: string;
    landlord: number;
    manager: number | null;
    broker: number | null;
    monthsLeft: number;
    years: number;
    rent: number;
    sqft: number;
    type: 'nnn' | 'gross';
    clause: { kind: 'exclusive_use' | 'co_tenancy'; text: string };
  }) => {
    const expiration = addCalendarMonths(today, values.monthsLeft);
    const commencement = addDaysIso(addCalendarMonths(expiration, -12 * values.years), 1);
    const rent = escalationRows({
      start_date: commencement,
      end_date: expiration,
      monthly_amount: values.rent,
      method: 'percent',
      value: 3,
      every_months: 12,
    });
    const id = await insertLease(
      trx,
      teamId,
      {
        store_id: values.store,
        reference: values.reference,
        status: 'active',
        type: values.type,
        landlord_id: values.landlord,
        tenant_id: franchisee,
        property_manager_id: values.manager,
        broker_id: values.broker,
        commencement_date: commencement,
        rent_commencement_date: commencement,
        expiration_date: expiration,
        rentable_sqft: values.sqft,
        security_deposit: Math.round(values.rent * 2),
        rent_schedule: rent.map((row) => ({ ...row, amount_per_sqft: null })),
        charges:
          values.type === 'nnn'
            ? [
                { kind: 'cam', monthly_amount: 850, estimated: true },
                { kind: 'taxes', monthly_amount: 420, estimated: false },
              ]
            : [],
        options: [
          {
            kind: 'renewal',
            count: 2,
            length_months: 60,
            notice: {
              earliest: monthsBeforeTermEnd(12),
              latest: monthsBeforeTermEnd(6),
              business_day: 'previous',
            },
            delivery_method: 'Certified mail',
          },
        ],
        clauses: [values.clause],
      },
      by,
    );
    created.push({ type: 'leases', id });
    return { id, expiration };
  };
  const downtownLease = await lease({
    store: downtown,
    reference: 'EX-L-101',
    landlord: crossroads,
    manager,
    broker,
    monthsLeft: 10,
    years: 10,
    rent: 9800,
    sqft: 3200,
    type: 'nnn',
    clause: {
      kind: 'exclusive_use',
      text: 'Landlord will not lease to another seafood restaurant in the center.',
    },
  });
  await lease({
    store: roundRock,
    reference: 'EX-L-102',
    landlord: crossroads,
    manager,
    broker: null,
    monthsLeft: 26,
    years: 5,
    rent: 7400,
    sqft: 2900,
    type: 'nnn',
    clause: {
      kind: 'co_tenancy',
      text: 'Rent drops to 50% if the anchor tenant stays dark for more than 90 days.',
    },
  });
  await lease({
    store: wacoStore,
    reference: 'EX-L-103',
    landlord: bluebonnet,
    manager: waco,
    broker: null,
    monthsLeft: 58,
    years: 7,
    rent: 4100,
    sqft: 1400,
    type: 'gross',
    clause: {
      kind: 'exclusive_use',
      text: 'No other quick-service seafood concept within the travel center.',
    },
  });

  // The downtown store's franchise agreement ends four months after its lease: the dashboard's alignment
  // warning has something to show.
  const agreementEnd = addCalendarMonths(downtownLease.expiration, 4);
  const agreementStart = addDaysIso(addCalendarMonths(agreementEnd, -120), 1);
  const agreement = await insertAgreement(
    trx,
    teamId,
    {
      brand_id: grill,
      franchisee_id: franchisee,
      store_ids: [downtown],
      agreement_number: 'EX-FA-101',
      type: 'single_unit',
      status: 'open',
      signed_date: addDaysIso(agreementStart, -60),
      effective_date: agreementStart,
      opening_date: '2019-04-12',
      expiration_date: agreementEnd,
      initial_term_months: 120,
      renewal_count: 1,
      renewal_length_months: 60,
      renewal_notice_days: 270,
      renewal_fee: 15_000,
      initial_fee: 45_000,
      royalty_percent: 6,
      royalty_minimum: 1_000,
      royalty_tiers: [],
      marketing_percent: 2,
      technology_fee: 300,
      transfer_fee: 10_000,
      reporting_frequency: 'monthly',
      territory_description: 'A three-mile radius around the store.',
      territory_exclusive: true,
      territory_radius_miles: 3,
      clauses: [
        {
          kind: 'term_renewal',
          text: 'Franchisee may renew by written notice before the renewal notice deadline, if not in default.',
        },
      ],
    },
    by,
  );
  created.push({ type: 'agreements', id: agreement });

  // The last six full months of the downtown store's sales.
  const figures = [162_400, 158_900, 171_250, 176_800, 169_300, 181_050];
  const sales = await upsertSales(
    trx,
    teamId,
    figures.map((gross, index) => ({
      store_id: downtown,
      period: 'month',
      period_start: monthStart(today, index - figures.length),
      gross,
      net: Math.round(gross * 0.93),
    })),
    'reject',
  );
  for (const id of sales.created) created.push({ type: 'sales', id });
  return created;
}
