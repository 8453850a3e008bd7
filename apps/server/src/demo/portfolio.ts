import type { CompanyKind, StoreStatus } from '@storekeep/contracts';

/**
 * A believable franchise portfolio, generated deterministically (same seed, same data) so the demo
 * and the benchmark look like real customers' data without shipping a data file.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    // mulberry32: small, fast, good enough for test data.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

export const CITIES = [
  ['Austin', 'TX', '787', 30.2672, -97.7431],
  ['Dallas', 'TX', '752', 32.7767, -96.797],
  ['Houston', 'TX', '770', 29.7604, -95.3698],
  ['San Antonio', 'TX', '782', 29.4241, -98.4936],
  ['Phoenix', 'AZ', '850', 33.4484, -112.074],
  ['Scottsdale', 'AZ', '852', 33.4942, -111.9261],
  ['Denver', 'CO', '802', 39.7392, -104.9903],
  ['Atlanta', 'GA', '303', 33.749, -84.388],
  ['Savannah', 'GA', '314', 32.0809, -81.0912],
  ['Orlando', 'FL', '328', 28.5383, -81.3792],
  ['Tampa', 'FL', '336', 27.9506, -82.4572],
  ['Miami', 'FL', '331', 25.7617, -80.1918],
  ['Charlotte', 'NC', '282', 35.2271, -80.8431],
  ['Raleigh', 'NC', '276', 35.7796, -78.6382],
  ['Nashville', 'TN', '372', 36.1627, -86.7816],
  ['Columbus', 'OH', '432', 39.9612, -82.9988],
  ['Chicago', 'IL', '606', 41.8781, -87.6298],
  ['Minneapolis', 'MN', '554', 44.9778, -93.265],
  ['Seattle', 'WA', '981', 47.6062, -122.3321],
  ['Portland', 'OR', '972', 45.5152, -122.6784],
  ['San Diego', 'CA', '921', 32.7157, -117.1611],
  ['Sacramento', 'CA', '958', 38.5816, -121.4944],
  ['Boston', 'MA', '021', 42.3601, -71.0589],
  ['Philadelphia', 'PA', '191', 39.9526, -75.1652],
] as const;

const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Commerce Blvd',
  'Market St',
  'Lakeview Pkwy',
  'Congress Ave',
  'Elm St',
  'Park Ave',
  'Broadway',
  'Cedar Ln',
  'Highland Rd',
  'Riverside Dr',
  'Peachtree St',
  'Sunset Blvd',
  'Mill Rd',
];
export const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Sofia',
  'David',
  'Aisha',
  'Daniel',
  'Emily',
  'José',
  'Hannah',
  'Kevin',
  'Priya',
  'Brian',
  'Chloé',
  'Marcus',
  'Olivia',
  'Ethan',
  'Grace',
  'Noah',
  'Zoë',
  'Luis',
  'Renée',
  'Tyler',
  'Megan',
  'Andre',
  'Julia',
  'Samuel',
  'Nina',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Nguyen',
  'Patel',
  'Kim',
  'Brown',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Lee',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'López',
  'Hill',
  'Scott',
  'Green',
  'Baker',
];
const JOB_TITLES = [
  'Franchise Owner',
  'Area Manager',
  'Store Manager',
  'Leasing Agent',
  'Property Manager',
  'Controller',
  'Director of Real Estate',
  'Operations Manager',
  'Broker',
  'Attorney',
  'Construction Manager',
  'Marketing Lead',
];
const SURNAME_COMPANY = [
  'Holdings',
  'Group',
  'Ventures',
  'Enterprises',
  'Partners',
  'Restaurants',
  'Hospitality',
  'Brands',
];
const LANDLORD_WORDS = [
  'Realty',
  'Properties',
  'Commercial',
  'Retail Partners',
  'Shopping Centers',
  'Development',
  'Real Estate Trust',
];
const LANDLORD_PREFIX = [
  'Crossroads',
  'Lakeside',
  'Summit',
  'Heritage',
  'Pinnacle',
  'Gateway',
  'Riverbend',
  'Northgate',
  'Cornerstone',
  'Parkway',
  'Westfield',
  'Harbor',
];

export const FRANCHISORS = [
  { name: 'Blue Harbor Foods Inc.', city: 'Atlanta', brands: ['Harbor Grill', 'Blue Harbor Coffee'] },
  { name: 'Sunrise Fitness Franchising LLC', city: 'Dallas', brands: ['Sunrise Fitness'] },
  { name: 'Maple & Co. Brands', city: 'Chicago', brands: ['Maple Bakery'] },
] as const;

export function cityAt(random: Random) {
  const [city, region, zip, lat, lng] = random.pick(CITIES);
  return {
    city,
    region,
    postal_code: `${zip}${String(random.int(0, 99)).padStart(2, '0')}`,
    country: 'US',
    latitude: Math.round((lat + (random.next() - 0.5) * 0.2) * 1e5) / 1e5,
    longitude: Math.round((lng + (random.next() - 0.5) * 0.2) * 1e5) / 1e5,
  };
}

export function streetAddress(random: Random) {
  return `${random.int(100, 9899)} ${random.pick(STREETS)}`;
}

export function phone(random: Random) {
  return `(${random.int(201, 989)}) ${random.int(200, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

export function companyName(random: Random, kind: CompanyKind): string {
  if (kind === 'landlord') return `${random.pick(LANDLORD_PREFIX)} ${random.pick(LANDLORD_WORDS)}`;
  return `${random.pick(LAST_NAMES)} ${random.pick(SURNAME_COMPANY)}${random.chance(0.5) ? ' LLC' : ''}`;
}

export function person(random: Random) {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const slug = `${first}.${last}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z.]/g, '');
  return {
    first_name: first,
    last_name: last,
    job_title: random.pick(JOB_TITLES),
    email: `${slug}${random.int(1, 999)}@example.com`,
  };
}

export function storeStatus(random: Random): StoreStatus {
  const roll = random.next();
  return roll < 0.72
    ? 'open'
    : roll < 0.8
      ? 'in_development'
      : roll < 0.86
        ? 'planned'
        : roll < 0.93
          ? 'temporarily_closed'
          : 'closed';
}

export function isoDate(random: Random, fromYear: number, toYear: number) {
  return `${random.int(fromYear, toYear)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
}
