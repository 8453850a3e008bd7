import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, DEMO_EMAIL, SESSION_COOKIE } from '@storekeep/contracts';
import { useTestApp } from '../../test/context';
import type { TestClient, TestResponse } from '../../test/client';
import {
  buildAgreement,
  buildFranchiseeMember,
  buildLease,
  buildMember,
  buildUser,
  createVia,
  multipartBody,
  PASSWORD,
  signIn,
  uploadDocument,
} from '../../test/factories';
import type { RouteGuardEntry } from '../modules/auth/context';
import { insertToken } from '../modules/tokens/repository';
import { nowIso } from '../platform/clock';
import { sha256 } from '../platform/crypto';

/**
 * Access control over the whole API, driven by the live route table (`app.routeGuards`), not a hand-kept
 * list: every id-bearing route is called by a member of another team (404), every route by each role
 * against the reviewed table below (403 exactly where the policies refuse), every mutating route without a
 * CSRF token (419), and every JSON answer is scanned for secrets. A route the test cannot fill, classify
 * or give a body to fails the suite, so new routes join it.
 */
// Push subscriptions are checked for a public address when registered; the fixture endpoint resolves to one.
// No push is delivered here (the push worker is not started in API tests), so nothing is sent to it.
const ctx = useTestApp({}, { resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });

/** `franchisee`: a manager limited to one franchisee company, calling with another franchisee's records. */
type Role = 'observer' | 'manager' | 'admin' | 'owner' | 'demo' | 'franchisee';
const ROLES: Role[] = ['observer', 'manager', 'admin', 'owner', 'demo'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Route = RouteGuardEntry & { method: Method };
const key = (r: Pick<Route, 'method' | 'url'>) => `${r.method} ${r.url}`;

// ---------------------------------------------------------------------------------------------------
// The reviewed role table. Each rule names a route class, the roles it admits and why. The first rule
// whose pattern matches `METHOD url` applies; a route no rule matches fails the suite.
// ---------------------------------------------------------------------------------------------------
const ALL: Role[] = ['observer', 'manager', 'admin', 'owner', 'demo'];
const WRITERS: Role[] = ['manager', 'admin', 'owner', 'demo'];
const ADMINS: Role[] = ['admin', 'owner', 'demo'];
/** The demo user owns the demo team but may not change its login, make API tokens or touch billing. */
const NOT_DEMO: Role[] = ['observer', 'manager', 'admin', 'owner'];
/** Adds the franchisee to a rule's roles: a route that narrows every statement to their companies. */
const AND_FRANCHISEE = (roles: Role[]): Role[] => [...roles, 'franchisee'];
/**
 * Routes a franchisee may call whose path names a record: they are called with the second franchisee's
 * store, sale, lease, agreement, reminder, document, invoice or company (a statement's), which must not exist
 * for them (404).
 */
const FOREIGN_TO_FRANCHISEE =
  /^\w+ \/app\/api\/v1\/((stores|sales|agreements|reminders|documents)\/:id|stores\/:id\/occupancy|(stores|leases|agreements)\/:id\/documents|leases\/:id(\/history(\/:entryId)?)?|invoices\/:id(\/(pdf|csv))?|franchisees\/:id\/statement)$/;

/** `refusal` is what a role outside `allow` gets: 403, or 404 where the thing is another user's own. */
type Rule = { pattern: RegExp; allow: Role[]; why: string; refusal?: 403 | 404 };
const RULES: Rule[] = [
  // Not part of the role matrix: public account routes and capability URLs (the secret is in the URL).
  {
    pattern: /^\w+ \/app\/(login|logout|register|forgot-password|reset-password|sanctum\/csrf-cookie)$/,
    allow: ALL,
    why: 'public account routes',
  },
  {
    pattern: /^GET \/app\/(files|images|calendar|email\/verify|email\/change)\//,
    allow: ALL,
    why: 'signed or secret capability URLs',
  },
  {
    pattern: /^\w+ \/app\/api\/v1\/team-invitations\//,
    allow: ALL,
    why: 'invitation token URLs (teams.test.ts covers the invitee rules)',
  },
  { pattern: /^POST \/app\/api\/v1\/billing\/webhook$/, allow: ALL, why: 'Stripe-signed webhook' },
  { pattern: /^GET \/app\/api\/docs$/, allow: ALL, why: 'OpenAPI document' },
  { pattern: /^GET \/(metrics|healthz|readyz)$/, allow: ALL, why: 'operations, outside /app' },
  {
    pattern: /^GET \/app\/api\/v1\/events$/,
    allow: ALL,
    why: 'the SSE stream never ends under inject (realtime.test.ts covers it)',
  },
  // Owner only (spec §6 billing link), never the demo user.
  { pattern: /^\w+ \/app\/api\/v1\/teams\/:id\/billing/, allow: ['owner'], why: 'billing is the owner’s' },
  // A calculator: it returns a rent schedule and writes nothing.
  { pattern: /^POST \/app\/api\/v1\/leases\/escalations$/, allow: ALL, why: 'computes, stores nothing' },
  // The demo account's own limits.
  {
    pattern:
      /^(PATCH \/app\/api\/v1\/users\/profile|PUT \/app\/api\/v1\/users\/password|POST \/app\/api\/v1\/(tokens|users\/logout-other-devices))$/,
    allow: AND_FRANCHISEE(NOT_DEMO),
    why: 'the demo login is shared and fixed: no profile, password, token or other-device changes',
  },
  {
    pattern: /^DELETE \/app\/api\/v1\/(tokens\/:id|devices\/:token)$/,
    allow: ['owner', 'demo'],
    refusal: 404,
    why: 'revoking is for the token’s or device’s own user (the fixtures’ owner); others get 404',
  },
  // A member's own, but of the whole team: mutes name any record, the team channel carries every count. A
  // franchisee is refused them (their calendar feed lists their own reminders: a personal route below).
  {
    pattern: /^\w+ \/app\/api\/v1\/mutes|^POST \/app\/broadcasting\/auth$/,
    allow: ALL,
    why: 'the whole team’s mutes and channel; not a franchisee’s',
  },
  // Personal routes: any signed-in member, on their own things.
  {
    pattern:
      /^\w+ \/app\/(api\/)?(v1\/)?(users\/|tokens|devices|mutes|list-preferences|calendar-feed|push\/key|app-config|events|email\/verification-notification|teams\/:id\/switch)|^POST \/app\/broadcasting\/auth$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'each user’s own settings, sessions and subscriptions',
  },
  // Admin only (ARCHITECTURE §3): audit log, trash, whole-team export, team management, attributes, categories, geocoding.
  {
    pattern: /^GET \/app\/api\/v1\/(activities|trash|team-export)$/,
    allow: ADMINS,
    why: 'audit log, trash and export are the admins’',
  },
  {
    pattern: /^(PATCH|POST|DELETE) \/app\/api\/v1\/teams\/:id(\/(settings|invitations.*|members\/:userId))?$/,
    allow: ADMINS,
    why: 'team management',
  },
  {
    pattern: /^(POST|PATCH|DELETE) \/app\/api\/v1\/(attributes|document-categories|stores\/geocode)/,
    allow: ADMINS,
    why: 'team schema and geocoding',
  },
  {
    pattern: /^PUT \/app\/api\/v1\/lease-accounting\/settings$/,
    allow: ADMINS,
    why: 'the team’s borrowing rates feed every lease’s schedule',
  },
  {
    pattern: /^POST \/app\/api\/v1\/lease-accounting\/closes$/,
    allow: ADMINS,
    why: 'closing the books of a month is the admins’',
  },
  // Comments and notes: their author or an admin changes them (the fixtures are the owner's).
  { pattern: /^DELETE \/app\/api\/v1\/reminder-comments\/:id$/, allow: ADMINS, why: 'author or admin' },
  { pattern: /^(PATCH|DELETE) \/app\/api\/v1\/notes\/:id$/, allow: ADMINS, why: 'author or admin' },
  // A franchisee reads the reminders of their own records, and their managers complete and snooze them
  // (editing, dating and assigning are refused by the service, 403 for any other body).
  {
    pattern: /^GET \/app\/api\/v1\/reminders(\/counts|\/:id)?$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the reminders of a franchisee’s records',
  },
  {
    pattern: /^PATCH \/app\/api\/v1\/reminders\/:id$/,
    allow: AND_FRANCHISEE(WRITERS),
    why: 'managers complete and snooze reminders; a franchisee’s only their own records’',
  },
  // Reminders change for the whole team: completing (the body sent is `{ read: true }`), reopening, snoozing and
  // commenting are managers' work like creating; observers read them and mute them for themselves (`mutes` above).
  {
    pattern:
      /^(POST \/app\/api\/v1\/reminders|(PATCH|DELETE) \/app\/api\/v1\/reminders\/:id|POST \/app\/api\/v1\/reminders\/:id\/comments)$/,
    allow: WRITERS,
    why: 'observers read reminders, managers change them',
  },
  // A franchisee reads their stores and enters and corrects their stores' sales (reports stay the franchisor's).
  {
    pattern: /^GET \/app\/api\/v1\/(stores|sales)(\/:id)?$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'stores and sales, narrowed to a franchisee’s companies',
  },
  {
    pattern: /^GET \/app\/api\/v1\/stores\/:id\/occupancy$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'a store’s occupancy cost, for a franchisee their own stores’ only',
  },
  // Their stores' leases, read only: editing a lease stays the franchisor's.
  {
    pattern: /^GET \/app\/api\/v1\/leases(\/:id(\/history(\/:entryId)?)?)?$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the leases of a franchisee’s stores, read only',
  },
  {
    pattern: /^GET \/app\/api\/v1\/(stores|leases|agreements|sales)\/export$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the export of a list a franchisee reads: their rows only, without the team’s attribute columns',
  },
  {
    pattern: /^GET \/app\/api\/v1\/agreements(\/:id)?$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the agreements a franchisee’s companies signed, read only',
  },
  // The documents the franchisor shared with them, linked to their records: read and download only.
  {
    pattern: /^GET \/app\/api\/v1\/(documents(\/:id)?|(stores|leases|agreements)\/:id\/documents)$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the documents shared with a franchisee and linked to their records, read only',
  },
  // The global search: for them, of those same records only (their companies, stores and shared documents).
  {
    pattern: /^GET \/app\/api\/v1\/search$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the global search, narrowed to a franchisee’s companies and the records their pages show',
  },
  // Their companies' royalty invoices, read only: the list, an invoice, its PDF and CSV, and their statement.
  // Invoicing, sending, voiding, payments, aging, exports and the rules stay the franchisor's.
  {
    pattern: /^GET \/app\/api\/v1\/(invoices(\/:id(\/(pdf|csv))?)?|franchisees\/:id\/statement)$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'the invoices billed to a franchisee’s companies and their statement, read only',
  },
  // A franchisee's own home: each part read through the scoped service of its page (their dates, reports,
  // invoices and shared documents).
  {
    pattern: /^GET \/app\/api\/v1\/dashboard\/franchisee$/,
    allow: AND_FRANCHISEE(ALL),
    why: 'a member’s own dashboard, narrowed to a franchisee’s companies',
  },
  {
    pattern: /^(POST \/app\/api\/v1\/sales(\/batch)?|(PATCH|DELETE) \/app\/api\/v1\/sales\/:id)$/,
    allow: AND_FRANCHISEE(WRITERS),
    why: 'a franchisee enters and corrects their own stores’ sales',
  },
  // Sample records for a new team: writers load and remove them, never in the shared demo team (reset daily).
  {
    pattern: /^(POST|DELETE) \/app\/api\/v1\/example-portfolio$/,
    allow: ['manager', 'admin', 'owner'],
    why: 'observers read only; the demo team is a finished portfolio',
  },
  // The disclosure calendar is team configuration like the team settings.
  {
    pattern: /^(PUT|POST|DELETE) \/app\/api\/v1\/franchise-calendar\//,
    allow: ADMINS,
    why: 'the franchisor’s disclosure calendar and registration rules are the admins’',
  },
  // Managers request a transfer of an agreement; deciding who holds it is the admins'.
  {
    pattern: /^POST \/app\/api\/v1\/agreements\/:id\/transfers\/:transferId\/(approve|reject|complete)$/,
    allow: ADMINS,
    why: 'approving, rejecting and completing a transfer changes who holds the agreement',
  },
  // Everything else in the team: observers read, managers and up write.
  { pattern: /^GET \/app\/api\/v1\//, allow: ALL, why: 'members read the team’s records' },
  { pattern: /^(POST|PATCH|PUT|DELETE) \/app\/api\/v1\//, allow: WRITERS, why: 'managers write records' },
];

function ruleFor(route: Pick<Route, 'method' | 'url'>): Rule {
  const rule = RULES.find((r) => r.pattern.test(key(route)));
  if (!rule) throw new Error(`No role rule covers ${key(route)}: add one to the table in access.test.ts`);
  return rule;
}

/** Routes outside the role matrix (the first seven rules) and outside the cross-team check (capability URLs). */
const isOutsideMatrix = (route: Route) => RULES.indexOf(ruleFor(route)) < 7;

// ---------------------------------------------------------------------------------------------------
// Fixtures: one of every kind of record in a team, and a filler for every path parameter.
// ---------------------------------------------------------------------------------------------------
type Ids = Record<string, string | number>;

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function expectStatus<T>(response: TestResponse<T>, status: number, what: string): TestResponse<T> {
  if (response.status !== status)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

/** Makes every kind of record in the owner's current team through the API; returns the ids by URL segment. */
async function seedTeam(owner: TestClient, teamId: number, ownerId: number): Promise<Ids> {
  const company = await createVia(owner, 'companies', { name: `Acme ${randomBytes(3).toString('hex')}` });
  const brand = await createVia(owner, 'brands', { name: 'Burger Barn', company_id: company.id });
  const store = await createVia(owner, 'stores', {
    name: 'Riverside',
    brand_id: brand.id,
    address: { street: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
  });
  const contact = await createVia(owner, 'contacts', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_id: company.id,
  });
  const note = expectStatus(
    await owner.post(`/app/api/v1/stores/${store.id}/notes`, { body: 'Call the landlord' }),
    201,
    'note',
  ).body.data;
  const document = await uploadDocument(owner, {
    to: { type: 'stores', id: store.id },
    name: 'lease.txt',
    content: 'lease text',
    type: 'text/plain',
    fields: { title: 'Lease' },
  });
  const versions = expectStatus(
    await owner.get(`/app/api/v1/documents/${document.id}/versions`),
    200,
    'versions',
  ).body.data;
  const lease = expectStatus(
    await owner.post('/app/api/v1/leases', {
      store_id: store.id,
      reference: 'L-1',
      status: 'active',
      commencement_date: '2025-01-01',
      expiration_date: '2030-12-31',
      rent_schedule: [{ start_date: '2025-01-01', end_date: '2030-12-31', monthly_amount: 1000 }],
      options: [{ kind: 'renewal', count: 2, length_months: 60, notice_days: 180 }],
    }),
    201,
    'lease',
  ).body.data;
  // An edit leaves an entry in the lease's history.
  expectStatus(await owner.patch(`/app/api/v1/leases/${lease.id}`, { reference: 'L-1a' }), 200, 'lease edit');
  const leaseHistory = expectStatus(
    await owner.get(`/app/api/v1/leases/${lease.id}/history`),
    200,
    'lease history',
  ).body.data;
  const agreement = expectStatus(
    await owner.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      store_ids: [store.id],
      agreement_number: 'FA-1',
      status: 'open',
      royalty_percent: 5,
      franchisee_id: company.id,
    }),
    201,
    'agreement',
  ).body.data;
  const reminder = expectStatus(
    await owner.post('/app/api/v1/reminders', { title: 'Renew', due_date: '2031-01-15' }),
    201,
    'reminder',
  ).body.data;
  const comment = expectStatus(
    await owner.post(`/app/api/v1/reminders/${reminder.id}/comments`, { body: 'On it' }),
    201,
    'comment',
  ).body.data;
  const sale = expectStatus(
    await owner.post('/app/api/v1/sales', {
      store_id: store.id,
      period: 'month',
      period_start: '2026-03-01',
      gross: 1000,
    }),
    201,
    'sale',
  ).body.data;
  expectStatus(await owner.post('/app/api/v1/payables/generate', { period: '2026-03' }), 200, 'payables');
  const payable = expectStatus(await owner.get('/app/api/v1/payables?period=2026-03'), 200, 'payable list')
    .body.data[0];
  // March invoiced (the sale above) and a dollar paid on it.
  const invoice = expectStatus(
    await owner.post('/app/api/v1/invoices', { period: '2026-03' }),
    201,
    'invoice',
  ).body.data.created[0];
  const payment = expectStatus(
    await owner.post('/app/api/v1/payments', {
      franchisee_id: company.id,
      received_on: '2026-04-02',
      amount: 1,
    }),
    201,
    'payment',
  ).body.data;
  const csv = multipartBody({ type: 'companies' }, [
    { field: 'file', name: 'companies.csv', content: Buffer.from('Name\nImported Co\n') },
  ]);
  const imported = expectStatus(
    await owner.request('POST', '/app/api/v1/imports', csv.body, csv.headers),
    201,
    'import',
  ).body.data;
  const attribute = expectStatus(
    await owner.post('/app/api/v1/attributes', { subject_type: 'stores', label: 'Seats', type: 'number' }),
    201,
    'attribute',
  ).body.data;
  const invitation = expectStatus(
    await owner.post(`/app/api/v1/teams/${teamId}/invitations`, {
      email: `invitee-${randomBytes(3).toString('hex')}@example.test`,
      role: 'manager',
    }),
    201,
    'invitation',
  ).body.data;
  // Written directly: the demo user may not make tokens through the API, yet owns one here to revoke.
  await insertToken(ctx.db, {
    userId: ownerId,
    name: 'script',
    tokenHash: sha256(randomBytes(20).toString('hex')),
    abilities: 'read-write',
    expiresAt: null,
    now: nowIso(),
  });
  const token = await ctx.db
    .selectFrom('personal_access_tokens')
    .select('id')
    .where('user_id', '=', ownerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const device = expectStatus(
    await owner.post('/app/api/v1/devices', {
      endpoint: `https://push.example.test/${randomBytes(4).toString('hex')}`,
      keys: browserKeys(),
    }),
    201,
    'device',
  ).body.data;
  expectStatus(
    await owner.post('/app/api/v1/mutes', { subject_type: 'store', subject_id: store.id }),
    201,
    'mute',
  );
  const registration = expectStatus(
    await owner.post('/app/api/v1/franchise-calendar/registrations', {
      state: 'NY',
      basis: 'fiscal_year_end',
      days: 120,
    }),
    201,
    'registration',
  ).body.data;
  // A transfer of the agreement to a second franchisee, waiting for approval.
  const buyer = await createVia(owner, 'companies', { name: 'Buyer Franchise', kind: 'franchisee' });
  const transfer = expectStatus(
    await owner.post(`/app/api/v1/agreements/${agreement.id}/transfers`, {
      to_company_id: buyer.id,
      fee: 1000,
      effective_date: '2026-01-01',
    }),
    201,
    'transfer',
  ).body.data;
  // A member only the matrix changes or removes, so the role clients keep their own memberships.
  const victim = await buildMember(ctx, teamId, 'observer');
  return {
    companies: company.id,
    brands: brand.id,
    stores: store.id,
    contacts: contact.id,
    notes: note.id,
    documents: document.id,
    versionId: versions[0].id,
    leases: lease.id,
    registrations: registration.id,
    agreements: agreement.id,
    reminders: reminder.id,
    'reminder-comments': comment.id,
    sales: sale.id,
    invoices: invoice.id,
    payments: payment.id,
    franchisees: company.id,
    payables: payable.id,
    imports: imported.id,
    attributes: attribute.id,
    teams: teamId,
    invitationId: invitation.id,
    userId: victim.id,
    tokens: token.id,
    deviceToken: device.token,
    entryId: leaseHistory[0].id,
    buyers: buyer.id,
    transferId: transfer.id,
  };
}

/**
 * Two franchisee companies in the owner's team, each operating a store with a month of sales, and a manager
 * limited to the first: their client, their own store and sale, and the second franchisee's as path ids.
 */
async function franchiseeOf(owner: TestClient, teamId: number) {
  const made: Array<{
    company: number;
    store: number;
    sale: number;
    lease: number;
    agreement: number;
    reminder: number;
    document: number;
    invoice: number;
  }> = [];
  for (const name of ['North', 'South']) {
    const company = await createVia(owner, 'companies', { name: `${name} Franchise`, kind: 'franchisee' });
    const store = await createVia(owner, 'stores', { name: `${name} Store`, company_id: company.id });
    const sale = expectStatus(
      await owner.post('/app/api/v1/sales', {
        store_id: store.id,
        period: 'month',
        period_start: '2026-03-01',
        gross: 700,
      }),
      201,
      'franchisee sale',
    ).body.data;
    const lease = await buildLease(owner, { store_id: store.id, reference: `${name} lease` });
    const agreement = await buildAgreement(owner, {
      franchisee_id: company.id,
      store_ids: [store.id],
      status: 'open',
      effective_date: '2026-01-01',
      royalty_percent: 5,
    });
    const reminder = expectStatus(
      await owner.post('/app/api/v1/reminders', {
        title: `${name} store visit`,
        due_date: '2031-01-15',
        subject_type: 'store',
        subject_id: store.id,
      }),
      201,
      'franchisee reminder',
    ).body.data;
    // Shared with the franchisee whose lease it is.
    const document = await uploadDocument(owner, {
      to: { type: 'leases', id: lease.id },
      name: `${name}.txt`,
      content: `${name} lease`,
      fields: { title: `${name} lease copy`, shared: 'true' },
    });
    made.push({
      invoice: 0,
      document: document.id,
      company: company.id,
      store: store.id,
      sale: sale.id,
      lease: lease.id,
      agreement: agreement.id,
      reminder: reminder.id,
    });
  }
  // March invoiced for both franchisees (the seeded team's own franchisee was invoiced already).
  const invoices = expectStatus(
    await owner.post('/app/api/v1/invoices', {
      period: '2026-03',
      franchisee_ids: made.map((m) => m.company),
    }),
    201,
    'franchisee invoices',
  ).body.data.created as Array<{ id: number; franchisee: { id: number } }>;
  for (const m of made) m.invoice = invoices.find((i) => i.franchisee.id === m.company)!.id;
  const { client } = await buildFranchiseeMember(ctx, owner, teamId, [made[0]!.company]);
  return {
    client,
    own: made[0]!,
    foreign: {
      companies: made[1]!.company,
      stores: made[1]!.store,
      sales: made[1]!.sale,
      leases: made[1]!.lease,
      agreements: made[1]!.agreement,
      reminders: made[1]!.reminder,
      documents: made[1]!.document,
      invoices: made[1]!.invoice,
      franchisees: made[1]!.company,
    },
  };
}

/** Puts real ids into a route's path; throws for a parameter it does not know, so new routes are filled or fail. */
function fill(url: string, ids: Ids): string {
  const muted = url.replace('/mutes/:subject_type/:subject_id', `/mutes/store/${ids.stores}`);
  return muted.replace(/\/([\w-]+)\/:(\w+)/g, (_match, segment: string, param: string) => {
    let value: string | number | undefined;
    if (param === 'id') value = ids[segment];
    else if (['invitationId', 'userId', 'entryId', 'transferId'].includes(param)) value = ids[param];
    else if (segment === 'options' && param === 'position') value = 0;
    else if (segment === 'devices' && param === 'token') value = ids.deviceToken;
    else if (segment === 'list-preferences' && param === 'list') value = 'stores';
    else if (segment === 'templates' && param === 'type') value = 'stores';
    if (value === undefined)
      throw new Error(
        `Cannot fill :${param} after /${segment} in ${url}: give access.test.ts a record for it`,
      );
    return `/${segment}/${value}`;
  });
}

/** A landlord's CAM statement as an import sends it: one line for a lease year that has begun. */
const camStatementFile = () =>
  multipartBody({ lease_year: '1', received_on: '2026-03-01' }, [
    {
      field: 'file',
      name: 'statement.csv',
      content: Buffer.from('Category,Amount\nRoof,100\n'),
      type: 'text/csv',
    },
  ]);

/** A valid body for each mutating route that needs one (the role checks must pass validation to reach the policy). */
function bodyFor(route: Route, ids: Ids): unknown {
  const k = key(route);
  const bodies: Record<string, unknown> = {
    'POST /app/api/v1/companies': { name: 'Matrix Co' },
    'PATCH /app/api/v1/companies/:id': { name: 'Renamed Co' },
    'POST /app/api/v1/brands': { name: 'Matrix Brand' },
    'PATCH /app/api/v1/brands/:id': { name: 'Renamed Brand' },
    'POST /app/api/v1/stores': { name: 'Matrix Store' },
    'PATCH /app/api/v1/stores/:id': { name: 'Renamed Store' },
    'POST /app/api/v1/contacts': { first_name: 'Grace', last_name: 'Hopper' },
    'PATCH /app/api/v1/contacts/:id': { first_name: 'Grace' },
    'POST /app/api/v1/leases': { store_id: ids.stores, status: 'active', expiration_date: '2031-06-30' },
    'PATCH /app/api/v1/leases/:id': { reference: 'L-2' },
    'PUT /app/api/v1/leases/:id/accounting': { discount_rate: 4.5 },
    'PUT /app/api/v1/lease-accounting/settings': { borrowing_rates: [{ up_to_months: 120, rate: 5 }] },
    'POST /app/api/v1/lease-accounting/closes': { period: '2030-01' },
    'POST /app/api/v1/leases/:id/options/:position/exercise': { rent_method: 'percent', percent: 3 },
    'POST /app/api/v1/leases/:id/options/:position/waive': { reason: 'Relocating' },
    'POST /app/api/v1/leases/:id/amendments': { summary: 'Side letter', changes: { reference: 'L-3' } },
    'PUT /app/api/v1/leases/:id/percentage-rent': { breakpoint_kind: 'natural' },
    'PUT /app/api/v1/leases/:id/payment-terms': { due_day: 5 },
    'PUT /app/api/v1/leases/:id/cam': { cap_percent: 5, audit_days: 90 },
    'POST /app/api/v1/leases/:id/cam/statements': { lease_year: 1, actual: 1000, received_on: '2026-03-01' },
    'POST /app/api/v1/leases/:id/cam/statements/import/preview': camStatementFile(),
    'POST /app/api/v1/leases/:id/cam/statements/import': camStatementFile(),
    'PUT /app/api/v1/agreements/:id/development': { units: [] },
    'POST /app/api/v1/agreements/:id/transfers': {
      to_company_id: ids.buyers,
      fee: 1500,
      effective_date: '2026-01-01',
    },
    'POST /app/api/v1/agreements/:id/transfers/:transferId/approve': {},
    'POST /app/api/v1/agreements/:id/transfers/:transferId/reject': { note: 'Declined' },
    'POST /app/api/v1/agreements/:id/transfers/:transferId/complete': {},
    'PUT /app/api/v1/agreements/:id/territory': {
      kind: 'radius',
      center: { lat: 30.27, lng: -97.74 },
      radius: 5,
      radius_unit: 'mi',
    },
    'PUT /app/api/v1/franchise-calendar/settings': { fiscal_year_end: '12-31' },
    'POST /app/api/v1/franchise-calendar/registrations': { state: 'CA', basis: 'fiscal_year_end', days: 120 },
    'PUT /app/api/v1/franchise-calendar/registrations/:id': {
      state: 'NY',
      basis: 'fixed_date',
      fixed_date: '06-30',
    },
    'POST /app/api/v1/payables/generate': { period: '2026-03' },
    'PATCH /app/api/v1/payables/:id': { invoice_amount: 1000 },
    'POST /app/api/v1/payables/bulk': { action: 'approve', ids: [ids.payables] },
    'POST /app/api/v1/leases/escalations': {
      start_date: '2025-01-01',
      end_date: '2027-12-31',
      monthly_amount: 1000,
      method: 'percent',
      value: 3,
    },
    'POST /app/api/v1/agreements': {
      brand_id: ids.brands,
      store_ids: [ids.stores],
      status: 'open',
      royalty_percent: 4,
    },
    'PATCH /app/api/v1/agreements/:id': { agreement_number: 'FA-2' },
    // With a subject: team A's store in a stranger's body must be refused like any other body reference.
    'POST /app/api/v1/reminders': {
      title: 'Matrix reminder',
      due_date: '2031-02-01',
      subject_type: 'store',
      subject_id: ids.stores,
    },
    'PATCH /app/api/v1/reminders/:id': { read: true },
    'POST /app/api/v1/reminders/bulk': { ids: [ids.reminders], snoozed_until: '2031-01-01' },
    'POST /app/api/v1/reminders/:id/comments': { body: 'Noted' },
    'POST /app/api/v1/sales': {
      store_id: ids.stores,
      period: 'month',
      period_start: '2026-04-01',
      gross: 500,
    },
    'POST /app/api/v1/sales/batch': {
      rows: [{ store_id: ids.stores, period_start: '2026-05-01', gross: 1 }],
    },
    'PATCH /app/api/v1/sales/:id': { gross: 1200 },
    'POST /app/api/v1/invoices': { period: '2026-04', franchisee_ids: [ids.franchisees] },
    'POST /app/api/v1/payments': { franchisee_id: ids.franchisees, received_on: '2026-05-01', amount: 1 },
    'POST /app/api/v1/payments/import': { csv: 'Date,Reference,Amount\n2026-05-02,INV-000001,1' },
    'PUT /app/api/v1/invoicing/settings': { monthly_due_day: 12 },
    'PUT /app/api/v1/invoicing/settings/brands/:id': { cap: 1000 },
    'POST /app/api/v1/reporting/lock': {
      franchisee_id: ids.franchisees,
      from: '2026-03-01',
      to: '2026-03-31',
    },
    'POST /app/api/v1/reporting/unlock': {
      franchisee_id: ids.franchisees,
      from: '2026-03-01',
      to: '2026-03-31',
    },
    'PATCH /app/api/v1/notes/:id': { body: 'Edited' },
    'PATCH /app/api/v1/documents/:id': { title: 'Renamed document' },
    'POST /app/api/v1/documents/:id/links': { type: 'companies', id: ids.companies },
    'DELETE /app/api/v1/documents/:id/links': { type: 'companies', id: ids.companies },
    'POST /app/api/v1/document-categories': { name: `Permits ${randomBytes(2).toString('hex')}` },
    'POST /app/api/v1/imports/:id/preview': { mapping: { name: 'Name' } },
    'POST /app/api/v1/imports/:id/run': { mapping: { name: 'Name' } },
    'POST /app/api/v1/attributes': {
      subject_type: 'stores',
      label: `Field ${randomBytes(2).toString('hex')}`,
      type: 'text',
    },
    'PATCH /app/api/v1/attributes/:id': { label: 'Seats inside' },
    'POST /app/api/v1/attributes/reorder': { subject_type: 'stores', ids: [ids.attributes] },
    'POST /app/api/v1/stores/geocode': {},
    'PATCH /app/api/v1/teams/:id': { name: 'Renamed team' },
    'PATCH /app/api/v1/teams/:id/settings': { lead_days: [90] },
    'POST /app/api/v1/teams/:id/invitations': {
      email: `new-${randomBytes(3).toString('hex')}@example.test`,
      role: 'observer',
    },
    'PATCH /app/api/v1/teams/:id/members/:userId': { role: 'manager' },
    'POST /app/api/v1/mutes': { subject_type: 'store', subject_id: ids.stores },
    'PUT /app/api/v1/list-preferences/:list': { per_page: 50, hidden_columns: ['city'] },
    'POST /app/api/v1/devices': {
      endpoint: `https://push.example.test/${randomBytes(4).toString('hex')}`,
      keys: browserKeys(),
    },
    'POST /app/api/v1/tokens': { name: 'matrix', abilities: 'read', expires_in_days: 30 },
    'PATCH /app/api/v1/users/profile': {
      name: 'Renamed User',
      email: `renamed-${randomBytes(3).toString('hex')}@example.test`,
      current_password: PASSWORD,
    },
    'PUT /app/api/v1/users/password': {
      current_password: PASSWORD,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    'POST /app/broadcasting/auth': { socket_id: '1.1', channel_name: `private-team.${ids.teams}` },
  };
  if (k in bodies) return bodies[k];
  if (/^POST .*\/:id\/(documents|versions|image)$/.test(k)) {
    const part = k.endsWith('/image')
      ? { field: 'image', name: 'x.png', content: Buffer.from('not really a png'), type: 'image/png' }
      : { field: 'file', name: 'x.txt', content: Buffer.from('text'), type: 'text/plain' };
    return multipartBody({}, [part]);
  }
  if (/^POST .*\/:id\/notes$/.test(k)) return { body: 'A note' };
  return undefined;
}

async function call(client: TestClient, route: Route, ids: Ids): Promise<TestResponse> {
  // Report ranges are validated before the policy runs; a valid one lets the check reach it.
  const url =
    fill(route.url, ids) +
    (route.url.includes('/sales/reports/') || route.url.endsWith('/reporting/expected')
      ? '?from=2026-01-01&to=2026-12-31'
      : '') +
    (/\/payables(\/export)?$/.test(route.url) ? '?period=2026-03' : '');
  const body = route.method === 'GET' ? undefined : bodyFor(route, ids);
  if (body && typeof body === 'object' && 'headers' in body && 'body' in body) {
    const multipart = body as { body: Buffer; headers: Record<string, string> };
    return client.request(route.method, url, multipart.body, multipart.headers);
  }
  return client.request(
    route.method,
    url,
    body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}),
  );
}

// Secrets that must never appear in an answer: every Argon2 hash, token hash, session id and live cookie.
const answers: Array<{ route: string; text: string }> = [];
const liveCookies: string[] = [];
function remember(route: Route, response: TestResponse) {
  if (route.method === 'GET')
    answers.push({
      route: key(route),
      text: typeof response.body === 'string' ? response.body : JSON.stringify(response.body),
    });
}

describe('access control over every route', () => {
  it('fills, classifies and covers every route of the table', () => {
    const routes = ctx.app.routeGuards as Route[];
    expect(routes.length).toBeGreaterThan(150);
    const fake: Ids = new Proxy({}, { get: (_target, name) => (name === 'deviceToken' ? 'x' : 1) });
    for (const route of routes) {
      ruleFor(route);
      if (!isOutsideMatrix(route)) fill(route.url, fake);
    }
  });

  it('answers 404 to a member of another team on every id-bearing route, and each role exactly what the table allows', async () => {
    const routes = (ctx.app.routeGuards as Route[]).filter((r) => !isOutsideMatrix(r));
    const { user: ownerUser, team } = await buildUser(ctx);
    const owner = await signIn(ctx, ownerUser.email);
    const ids = await seedTeam(owner, team.id, ownerUser.id);
    const clients: Record<Exclude<Role, 'demo' | 'franchisee'>, TestClient> = {
      owner,
      admin: await signIn(ctx, (await buildMember(ctx, team.id, 'admin')).email),
      manager: await signIn(ctx, (await buildMember(ctx, team.id, 'manager')).email),
      observer: await signIn(ctx, (await buildMember(ctx, team.id, 'observer')).email),
    };

    // 1. Another team's member (an admin and owner there) on every route with an id in its path.
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    const crossTeam: string[] = [];
    // `/list-preferences/:list` names a list and `/imports/templates/:type` a record type, not a record: each
    // member reads their own team's there.
    const namesNoRecord = (url: string) =>
      url.includes('/list-preferences/') || url.includes('/imports/templates/');
    for (const route of routes.filter((r) => r.url.includes('/:') && !namesNoRecord(r.url))) {
      const response = await call(stranger, route, ids);
      remember(route, response);
      if (response.status !== 404)
        crossTeam.push(`${key(route)} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
    }
    expect(crossTeam).toEqual([]);

    // Ids of team A inside a body (a sale for A's store, a mute of A's store, a reorder of A's attributes…)
    // are refused to the stranger as well: never a 2xx.
    const referencing = routes.filter(
      (r) =>
        r.method !== 'GET' &&
        !r.url.includes('/:') &&
        JSON.stringify(bodyFor(r, ids) ?? {}).match(/\d/) &&
        /_id|ids|"id"/.test(JSON.stringify(bodyFor(r, ids) ?? {})),
    );
    expect(referencing.length).toBeGreaterThan(4);
    const accepted: string[] = [];
    for (const route of referencing) {
      const response = await call(stranger, route, ids);
      if (response.status < 400) accepted.push(`${key(route)} → ${response.status}`);
    }
    expect(accepted).toEqual([]);

    // 2. Each role in team A against the table. Reads run for every role; a write runs for every refused
    // role (403 changes nothing) and then once for the lowest admitted role, deletions last and deepest
    // first, so one set of fixtures serves every route.
    const mismatches: string[] = [];
    const check = async (role: Role, client: TestClient, route: Route, routeIds: Ids) => {
      const allowed = ruleFor(route).allow.includes(role);
      const response = await call(client, route, routeIds);
      remember(route, response);
      const refusal = ruleFor(route).refusal ?? 403;
      const foreign = role === 'franchisee' && allowed && FOREIGN_TO_FRANCHISEE.test(key(route));
      const ok = foreign
        ? response.status === 404
        : allowed
          ? ![401, 403, 404, 419].includes(response.status) && response.status < 500
          : response.status === refusal;
      if (!ok)
        mismatches.push(
          `${role.padEnd(8)} ${key(route)} → ${response.status} (expected ${allowed ? 'allowed' : refusal}) ${JSON.stringify(response.body).slice(0, 160)}`,
        );
    };
    const order = (list: Route[]) =>
      [...list].sort(
        (a, b) =>
          Number(a.method === 'DELETE') - Number(b.method === 'DELETE') ||
          (a.method === 'DELETE' ? b.url.length - a.url.length : 0),
      );
    const runTeam = async (teamClients: Partial<Record<Role, TestClient>>, routeIds: Ids) => {
      const roles = ROLES.filter((r) => teamClients[r]);
      for (const route of routes.filter((r) => r.method === 'GET'))
        for (const role of roles) await check(role, teamClients[role]!, route, routeIds);
      const writes = order(routes.filter((r) => r.method !== 'GET'));
      for (const route of writes)
        for (const role of roles)
          if (!ruleFor(route).allow.includes(role)) await check(role, teamClients[role]!, route, routeIds);
      for (const route of writes) {
        const lowest = roles.find((role) => ruleFor(route).allow.includes(role));
        if (lowest) await check(lowest, teamClients[lowest]!, route, routeIds);
      }
    };
    // 2a. A franchisee of team A (a manager limited to their company) against a second franchisee's store and
    // sale: every route they are admitted to answers 404 for that record or refuses it in a body, every
    // other route of the team is 403. Reads first, then writes; nothing they do changes the fixtures.
    const franchisee = await franchiseeOf(owner, team.id);
    const foreignIds: Ids = { ...ids, ...franchisee.foreign };
    for (const route of routes.filter((r) => r.method === 'GET'))
      await check('franchisee', franchisee.client, route, foreignIds);
    for (const route of order(routes.filter((r) => r.method !== 'GET')))
      await check('franchisee', franchisee.client, route, foreignIds);
    const accepted2xx: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET' && ruleFor(r).allow.includes('franchisee'))) {
      const body = JSON.stringify(bodyFor(route, foreignIds) ?? {});
      if (!/_id|ids|"id"/.test(body)) continue;
      const response = await call(franchisee.client, route, foreignIds);
      if (response.status < 400) accepted2xx.push(`${key(route)} → ${response.status}`);
    }
    expect(accepted2xx).toEqual([]);
    // What they may list holds their company's rows alone.
    const listed = async (url: string) =>
      ((await franchisee.client.get(url)).body.data as Array<{ id: number }>).map((r) => r.id);
    expect(await listed('/app/api/v1/stores')).toEqual([franchisee.own.store]);
    expect(await listed('/app/api/v1/sales')).toEqual([franchisee.own.sale]);
    expect(await listed('/app/api/v1/leases')).toEqual([franchisee.own.lease]);
    expect(await listed('/app/api/v1/agreements')).toEqual([franchisee.own.agreement]);
    expect(await listed('/app/api/v1/documents')).toEqual([franchisee.own.document]);
    expect(await listed('/app/api/v1/invoices')).toEqual([franchisee.own.invoice]);
    expect(await listed('/app/api/v1/reminders?filters[subject_type]=store')).toEqual([
      franchisee.own.reminder,
    ]);
    // The route table says which team routes admit a franchisee; it must agree with the reviewed table.
    const disagree = routes
      .filter((r) => r.guard === 'team' && r.companyScope !== ruleFor(r).allow.includes('franchisee'))
      .map(key);
    expect(disagree).toEqual([]);

    await runTeam(clients, ids);
    for (const client of Object.values(clients))
      liveCookies.push(decodeURIComponent(client.cookie(SESSION_COOKIE) ?? ''));

    // 3. The demo user in the demo team (made here without the demo portfolio, which is not needed).
    const demo = await buildUser(ctx, { email: DEMO_EMAIL });
    const demoClient = await signIn(ctx, DEMO_EMAIL);
    await runTeam({ demo: demoClient }, await seedTeam(demoClient, demo.team.id, demo.user.id));

    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe('CSRF on every mutating route', () => {
  it('answers 419 to a signed-in cookie session that sends no token or a wrong one, on every POST, PUT, PATCH and DELETE', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const mutating = (ctx.app.routeGuards as Route[]).filter((r) => r.method !== 'GET' && r.csrf);
    expect(mutating.length).toBeGreaterThan(70);
    const fake: Ids = new Proxy({}, { get: () => 1 });
    const refused: string[] = [];
    client.sendCsrf = false;
    for (const route of mutating) {
      const url = fill(route.url.replace(/:(token|key|file|hash)\b/g, 'x'), fake);
      const missing = await client.request(route.method, url, route.method === 'DELETE' ? undefined : {});
      const wrong = await client.request(route.method, url, route.method === 'DELETE' ? undefined : {}, {
        [CSRF_HEADER]: 'forged.value',
      });
      if (missing.status !== 419 || wrong.status !== 419)
        refused.push(`${key(route)} → ${missing.status}/${wrong.status}`);
    }
    expect(refused).toEqual([]);
    // Only signed webhooks opt out.
    expect((ctx.app.routeGuards as Route[]).filter((r) => r.method !== 'GET' && !r.csrf).map(key)).toEqual([
      'POST /app/api/v1/billing/webhook',
    ]);
  });

  it('needs no CSRF token with a bearer token, and never takes a session cookie as a bearer token or a token as a cookie', async () => {
    const { user } = await buildUser(ctx);
    const session = await signIn(ctx, user.email);
    const secret = expectStatus(
      await session.post('/app/api/v1/tokens', { name: 'rw', abilities: 'read-write', expires_in_days: 30 }),
      201,
      'token',
    ).body.data.plain_text_token as string;

    const bearer = ctx.client().withToken(secret);
    expect((await bearer.post('/app/api/v1/companies', { name: 'Via token' })).status).toBe(201);

    const cookieValue = session.cookie(SESSION_COOKIE)!;
    expect(
      (await ctx.client().withToken(decodeURIComponent(cookieValue)).get('/app/api/v1/users/auth')).status,
    ).toBe(401);
    const tokenAsCookie = await ctx.client().request('GET', '/app/api/v1/users/auth', undefined, {
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(secret)}`,
    });
    expect(tokenAsCookie.status).toBe(401);
  });
});

describe('secrets in answers', () => {
  it('never returns a password hash, token hash, session id or session cookie in any GET answer of the matrix', async () => {
    expect(answers.length).toBeGreaterThan(300);
    const tokenHashes = (
      await ctx.db.selectFrom('personal_access_tokens').select('token_hash').execute()
    ).map((r) => r.token_hash);
    const sessionIds = (await ctx.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    const leaks: string[] = [];
    for (const { route, text } of answers) {
      if (text.includes('$argon2')) leaks.push(`${route}: argon2 hash`);
      if (/"(password_hash|token_hash|password)"\s*:/.test(text)) leaks.push(`${route}: secret field`);
      for (const secret of [...tokenHashes, ...sessionIds, ...liveCookies])
        if (text.includes(secret)) leaks.push(`${route}: ${secret.slice(0, 8)}…`);
    }
    expect(tokenHashes.length).toBeGreaterThan(1);
    expect(liveCookies.filter((value) => value.length >= 43)).toHaveLength(4);
    expect(leaks).toEqual([]);
  });
});

describe('audit log', () => {
  it('has no route that edits or deletes audit rows', () => {
    const writes = (ctx.app.routeGuards as Route[]).filter(
      (r) => /activities/.test(r.url) && r.method !== 'GET',
    );
    expect(writes.map(key)).toEqual([]);
    expect((ctx.app.routeGuards as Route[]).filter((r) => /activities/.test(r.url)).length).toBeGreaterThan(
      3,
    );
  });
});

describe('mass assignment', () => {
  it('never applies team_id, role, owner_id, created_by, user_id or id sent in a create or update body', async () => {
    const { user: ownerUser, team } = await buildUser(ctx);
    const owner = await signIn(ctx, ownerUser.email);
    const ids = await seedTeam(owner, team.id, ownerUser.id);
    const other = await buildUser(ctx);
    const FOREIGN_ID = 987_654;
    const injected = {
      team_id: other.team.id,
      role: 'admin',
      owner_id: other.user.id,
      created_by: other.user.id,
      user_id: other.user.id,
      id: FOREIGN_ID,
    };

    const tables = (await ctx.db.introspection.getTables()).filter((t) => !t.isView);
    // What the other team and user own, and any row with the forced id, before and after.
    const footprint = async () => {
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const columns = new Set(table.columns.map((c) => c.name));
        for (const [column, value] of [
          ['team_id', other.team.id],
          ['owner_id', other.user.id],
          ['created_by', other.user.id],
          ['user_id', other.user.id],
          ['id', FOREIGN_ID],
        ] as const) {
          if (!columns.has(column)) continue;
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- table and column names come from introspection, not the typed schema
          const row = await (ctx.db as any)
            .selectFrom(table.name)
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
            .select((eb: any) => eb.fn.countAll().as('n'))
            .where(column, '=', value)
            .executeTakeFirst();
          counts[`${table.name}.${column}`] = Number(row?.n ?? 0);
        }
      }
      return counts;
    };
    const before = await footprint();
    const routes = (ctx.app.routeGuards as Route[]).filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT') &&
        !isOutsideMatrix(r) &&
        ruleFor(r).allow.includes('owner'),
    );
    const sent: string[] = [];
    for (const route of routes) {
      const body = bodyFor(route, ids);
      if (!body || typeof body !== 'object' || 'headers' in body) continue;
      // Fields a route really takes (an invitation's role, a link's id) keep their own value.
      const response = await owner.request(route.method, fill(route.url, ids), {
        ...injected,
        ...(body as Record<string, unknown>),
      });
      if (response.status < 300) sent.push(key(route));
    }
    // The bodies are valid, so the extra fields were silently dropped, not refused.
    expect(sent.length).toBeGreaterThan(30);
    expect(await footprint()).toEqual(before);
    const teamRow = await ctx.db
      .selectFrom('teams')
      .select('owner_id')
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(teamRow.owner_id).toBe(ownerUser.id);
  }, 60_000);
});
