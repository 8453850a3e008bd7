import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildFranchiseeMember,
  buildStore,
  buildUser,
  signIn,
} from '../../../test/factories';

const ctx = useTestApp();
const api = '/app/api/v1';

type Invoice = { id: number; number: string; franchisee: { id: number; name: string }; total: number };

/**
 * A franchisor's team with two franchisees, North and South, each operating one store under an open monthly
 * agreement at 5% (North $10,000 of March 2026 sales, South $20,000), March invoiced for both and $100 paid on
 * North's; a manager limited to each franchisee.
 */
async function twoFranchisees() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  const brand = await buildBrand(owner, { name: 'Harbor Grill' });
  const made = [];
  for (const [name, gross] of [
    ['North', 10_000],
    ['South', 20_000],
  ] as const) {
    const company = await buildCompany(owner, { name: `${name} Franchise LLC`, kind: 'franchisee' });
    const store = await buildStore(owner, {
      name: `${name} Store`,
      company_id: company.id,
      brand_id: brand.id,
    });
    await buildAgreement(owner, {
      brand_id: brand.id,
      franchisee_id: company.id,
      store_ids: [store.id],
      agreement_number: `FA-${name}`,
      status: 'open',
      effective_date: '2025-01-01',
      royalty_percent: 5,
      reporting_frequency: 'monthly',
    });
    const sale = await owner.post(`${api}/sales`, {
      store_id: store.id,
      period: 'month',
      period_start: '2026-03-01',
      gross,
    });
    expect(sale.status).toBe(201);
    made.push({ company, store });
  }
  const invoiced = await owner.post(`${api}/invoices`, { period: '2026-03' });
  expect(invoiced.status).toBe(201);
  const created = invoiced.body.data.created as Invoice[];
  const invoiceOf = (companyId: number) => created.find((i) => i.franchisee.id === companyId)!;
  const [north, south] = made as [(typeof made)[0], (typeof made)[0]];
  const payment = await owner.post(`${api}/payments`, {
    franchisee_id: north.company.id,
    received_on: '2026-04-20',
    amount: 100,
    reference: 'ACH 100',
  });
  expect(payment.status).toBe(201);
  return {
    team,
    owner,
    north: {
      ...north,
      invoice: invoiceOf(north.company.id),
      member: (await buildFranchiseeMember(ctx, owner, team.id, [north.company.id])).client,
    },
    south: {
      ...south,
      invoice: invoiceOf(south.company.id),
      member: (await buildFranchiseeMember(ctx, owner, team.id, [south.company.id])).client,
    },
  };
}

const listed = async (client: TestClient, query = '') =>
  ((await client.get(`${api}/invoices${query}`)).body.data as Invoice[]).map((i) => i.id);

describe('a franchisee’s own royalty invoices', () => {
  it('lists, opens and downloads their own invoices read only, and their statement', async () => {
    const { north } = await twoFranchisees();
    const member = north.member;

    const list = await member.get(`${api}/invoices`);
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data).toMatchObject([
      {
        id: north.invoice.id,
        franchisee: { name: 'North Franchise LLC' },
        total: 500,
        paid: 100,
        balance: 400,
        abilities: { send: false, void: false, pay: false },
      },
    ]);

    const detail = await member.get(`${api}/invoices/${north.invoice.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.lines).toMatchObject([
      { kind: 'royalty', description: 'Royalty, FA-North, all stores, 2026-03-01 – 2026-03-31', amount: 500 },
    ]);
    expect(detail.body.data.abilities).toEqual({ send: false, void: false, pay: false });

    const pdf = await member.get(`${api}/invoices/${north.invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${north.invoice.number}.pdf"`);
    expect((await PDFDocument.load(pdf.raw)).getTitle()).toBe(`Invoice ${north.invoice.number}`);

    const csv = await member.get(`${api}/invoices/${north.invoice.id}/csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(`${north.invoice.number},North Franchise LLC`);
    expect(String(csv.body)).not.toContain('South');

    const statement = await member.get(
      `${api}/franchisees/${north.company.id}/statement?from=2026-01-01&to=2099-12-31`,
    );
    expect(statement.status).toBe(200);
    // The invoice is issued today, the payment dated 20 April: their order depends on the day the test runs.
    expect(statement.body.data).toMatchObject({
      franchisee: { id: north.company.id, name: 'North Franchise LLC' },
      opening_balance: 0,
      closing_balance: 400,
    });
    expect(statement.body.data.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'invoice', reference: north.invoice.number, debit: 500 }),
        expect.objectContaining({ type: 'payment', reference: 'ACH 100', credit: 100 }),
      ]),
    );
    expect(statement.body.data.entries).toHaveLength(2);
  });

  it('answers a second franchisee of the team 404 on another’s invoice and statement, and never lists it', async () => {
    const { north, south } = await twoFranchisees();
    for (const [member, own, other] of [
      [north.member, north, south],
      [south.member, south, north],
    ] as const) {
      expect(await listed(member)).toEqual([own.invoice.id]);
      // Asking for the other franchisee by filter narrows nothing open: the scope is the statement's.
      expect(await listed(member, `?filters[franchisee_id]=${other.company.id}`)).toEqual([]);
      for (const url of [
        `${api}/invoices/${other.invoice.id}`,
        `${api}/invoices/${other.invoice.id}/pdf`,
        `${api}/invoices/${other.invoice.id}/csv`,
        `${api}/franchisees/${other.company.id}/statement`,
      ])
        expect([url, (await member.get(url)).status]).toEqual([url, 404]);
    }
  });

  it('refuses them every write and the franchisor’s whole-team billing pages with 403', async () => {
    const { north, owner } = await twoFranchisees();
    const member = north.member;
    const id = north.invoice.id;
    const refused: Array<[string, string, unknown?]> = [
      ['POST', `${api}/invoices`, { period: '2026-03' }],
      ['POST', `${api}/invoices/${id}/send`],
      ['POST', `${api}/invoices/${id}/void`],
      ['POST', `${api}/payments`, { franchisee_id: north.company.id, received_on: '2026-05-01', amount: 1 }],
      ['PUT', `${api}/invoicing/settings`, { monthly_due_day: 12 }],
      ['GET', `${api}/invoices/aging`],
      ['GET', `${api}/invoices/export?kind=invoices`],
      ['GET', `${api}/payments`],
      ['GET', `${api}/invoicing/settings`],
      ['GET', `${api}/reporting/expected?from=2026-03-01&to=2026-03-31`],
    ];
    for (const [method, url, body] of refused)
      expect([method, url, (await member.request(method as 'GET', url, body)).status]).toEqual([
        method,
        url,
        403,
      ]);
    // Nothing changed: the invoice is still open with the one payment, and no other was made.
    expect((await owner.get(`${api}/invoices/${id}`)).body.data).toMatchObject({ status: 'open', paid: 100 });
    expect((await owner.get(`${api}/invoices`)).body.meta.total).toBe(2);
  });

  it('answers a member of another team 404 on the invoice, its files and the statement', async () => {
    const { north } = await twoFranchisees();
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    for (const url of [
      `${api}/invoices/${north.invoice.id}`,
      `${api}/invoices/${north.invoice.id}/pdf`,
      `${api}/invoices/${north.invoice.id}/csv`,
      `${api}/franchisees/${north.company.id}/statement`,
    ])
      expect([url, (await stranger.get(url)).status]).toEqual([url, 404]);
    expect(await listed(stranger)).toEqual([]);
  });
});
