import fs from 'node:fs';
import { expect, test } from '../fixtures';
import {
  apiCall,
  logIn,
  registerFranchisee,
  registerViaApi,
  screenshot,
  uniqueEmail,
  uploadViaApi,
} from '../support';

/** The first day of the month `offset` months from this one, as the API takes it. */
function monthStart(offset: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

test('a franchisee signs in to their own dashboard: their next date, a missing sales report, their shared documents and their sales CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The franchisor sets up in a browser of their own.
  const office = await browser.newContext();
  const franchisor = office.request;
  const { team_id: teamId } = await registerViaApi(franchisor, {
    name: 'Fran Chisor',
    email: uniqueEmail('home-franchisor'),
  });
  const brand = await apiCall(franchisor, 'POST', '/brands', { name: 'Bagel Co' });
  const expires = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const made: Record<string, { company: number; store: number; lease: number }> = {};
  for (const name of ['North', 'South']) {
    const company = await apiCall(franchisor, 'POST', '/companies', {
      name: `${name} Bagels LLC`,
      kind: 'franchisee',
    });
    const store = await apiCall(franchisor, 'POST', '/stores', {
      name: `${name} Main Street`,
      company_id: company.id,
      brand_id: brand.id,
    });
    const lease = await apiCall(franchisor, 'POST', '/leases', {
      store_id: store.id,
      reference: `${name}-L1`,
      status: 'active',
      commencement_date: '2020-01-01',
      expiration_date: expires,
    });
    await apiCall(franchisor, 'POST', '/agreements', {
      brand_id: brand.id,
      franchisee_id: company.id,
      agreement_number: `FA-${name}`,
      store_ids: [store.id],
      status: 'open',
      // Began three months ago: the months before it owe no report.
      effective_date: monthStart(-3),
      royalty_percent: 5,
      reporting_frequency: 'monthly',
    });
    made[name] = { company: company.id, store: store.id, lease: lease.id };
  }
  const north = made.North!;
  const south = made.South!;
  // Both reported three months ago; South every month since, North not: their report of two months ago is missing.
  await apiCall(franchisor, 'POST', '/sales/batch', {
    rows: [
      { store_id: north.store, period_start: monthStart(-3), gross: 41000 },
      { store_id: south.store, period_start: monthStart(-3), gross: 52000 },
      { store_id: south.store, period_start: monthStart(-2), gross: 53000 },
      { store_id: south.store, period_start: monthStart(-1), gross: 54000 },
    ],
  });
  const text = (content: string) => Buffer.from(content);
  await uploadViaApi(
    franchisor,
    `/stores/${north.store}/documents`,
    'North operations manual.txt',
    text('How North runs.'),
    { shared: 'true' },
    'text/plain',
  );
  await uploadViaApi(
    franchisor,
    `/leases/${north.lease}/documents`,
    'North landlord notes.txt',
    text('Internal notes.'),
    {},
    'text/plain',
  );
  await uploadViaApi(
    franchisor,
    `/stores/${south.store}/documents`,
    'South operations manual.txt',
    text('How South runs.'),
    { shared: 'true' },
    'text/plain',
  );
  const email = await registerFranchisee(franchisor, page, teamId, [north.company], 'home-north');

  // A week later they sign in and land on their own dashboard.
  await page.context().clearCookies();
  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Their store's next deadline, not South's.
  const dates = page.getByTestId('critical-dates');
  await expect(dates.getByRole('link', { name: 'Lease expires: North Main Street' })).toBeVisible();
  await expect(dates.getByText(/South/)).toHaveCount(0);
  // Their missing sales report.
  const reports = page.getByTestId('sales-reports');
  await expect(reports.getByRole('listitem').filter({ hasText: 'North Main Street' }).first()).toContainText(
    'Missing',
  );
  await expect(reports.getByText(/South/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sales reports missing\s*[1-9]/ })).toBeVisible();
  // The documents shared with them, not the franchisor's notes nor South's manual.
  const documents = page.getByTestId('shared-documents');
  await expect(documents.getByRole('link')).toHaveText(['North operations manual.txt']);
  await expect(page.getByRole('heading', { name: 'No open invoices' })).toBeVisible();
  await screenshot(page, 'franchisee-dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(reports).toBeVisible();
  await screenshot(page, 'franchisee-dashboard-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Their sales CSV, from the dashboard: their store's figures alone.
  const [salesExport] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download sales CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await salesExport.path())!, 'utf8');
  expect(csv).toContain('North Main Street');
  expect(csv).toContain('41000');
  expect(csv).not.toContain('South Main Street');

  // Documents in their sidebar: the shared manual, which they open and download; nothing else.
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await nav.getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByText('North operations manual.txt')).toBeVisible();
  await expect(page.getByText('North landlord notes.txt')).toHaveCount(0);
  await expect(page.getByText('South operations manual.txt')).toHaveCount(0);
  // Nothing of the franchisor's: no uploads, exports, categories or members to filter by.
  await expect(page.getByRole('link', { name: /Export|Import/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Upload files|Uploaded by)$/ })).toHaveCount(0);
  // "Category" is the table's sort button alone, not a filter.
  await expect(page.getByRole('button', { name: 'Category', exact: true })).toHaveCount(1);
  await table.getByText('North operations manual.txt').click();
  const drawer = page.getByRole('dialog', { name: 'North operations manual.txt' });
  const download = page.waitForEvent('download');
  await drawer.getByRole('link', { name: 'Download' }).first().click();
  expect(fs.readFileSync((await (await download).path())!, 'utf8')).toBe('How North runs.');
  await screenshot(page, 'franchisee-documents-page');

  await office.close();
});
