import { expect, test } from '../fixtures';
import {
  franchiseeWithAgreement,
  logIn,
  registerFranchisee,
  registerViaApi,
  screenshot,
  uniqueEmail,
} from '../support';

/**
 * A franchised month end to end, each side in its own browser: the franchisee reports January's sales on the
 * grid, the franchisor invoices January from what they reported and records the payment, and the franchisee
 * finds the invoice paid on their own Invoices page.
 */
test('a franchisee reports a month, the franchisor invoices it and records the payment, and the franchisee sees it paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const franchisor = office.request;
  const { team_id: teamId } = await registerViaApi(franchisor, {
    name: 'Fran Chisor',
    email: uniqueEmail('month-franchisor'),
  });
  const { operator } = await franchiseeWithAgreement(franchisor, {
    company: 'North Bagels LLC',
    brand: 'Bagel Co',
    store: 'North Main Street',
    agreement: 'FA-North',
  });
  const email = await registerFranchisee(franchisor, page, teamId, [operator.id], 'month-franchisee');

  // The franchisee reports January: $18,400.50 of gross sales.
  await page.context().clearCookies();
  await logIn(page, email);
  await page.goto('/sales');
  const year = new Date().getFullYear();
  await page.getByLabel(`North Main Street, Jan ${year} gross sales`).fill('18,400.50');
  const saved = page.waitForResponse((r) => r.url().endsWith('/sales/batch') && r.status() === 200);
  await page.getByRole('button', { name: 'Save sales' }).click();
  await saved;
  await expect(page.getByText('1 figure saved.')).toBeVisible();

  // The franchisor invoices January from that report: 5% of $18,400.50 is $920.025, $920.03 to the cent.
  const desk = await office.newPage();
  await desk.goto('/invoices');
  await desk.getByLabel('Month invoiced').fill(`${year}-01`);
  await desk.getByRole('button', { name: 'Invoice this month' }).click();
  await expect(desk.getByText('One invoice created (0 already invoiced).')).toBeVisible();
  const row = desk.getByRole('row').filter({ hasText: 'North Bagels LLC' });
  await expect(row).toContainText('$920.03');
  await expect(row).toContainText('Open');
  const number = (await row.getByRole('button', { name: /^INV-/ }).textContent())!.trim();
  await row.getByRole('button', { name: number }).click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog).toContainText('Royalty, FA-North, all stores');
  await dialog.getByLabel('Amount').fill('920.03');
  // Paid the day it was invoiced (an earlier day would put the payment before the invoice on the statement).
  await dialog.getByLabel('Received on').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel('Reference').fill('ACH 4410');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(desk.getByText(`Payment of $920.03 recorded on ${number}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Paid');

  // The franchisee's Invoices page shows it paid, and their statement balances to zero.
  await page.goto('/invoices');
  const own = page.getByRole('table', { name: 'Your royalty invoices' }).getByRole('row').filter({
    hasText: number,
  });
  await expect(own).toContainText('January');
  await expect(own).toContainText('Paid');
  await page.getByRole('tab', { name: 'Statement' }).click();
  await page.getByLabel('From', { exact: true }).fill(`${year}-01-01`);
  await expect(page.getByRole('row').filter({ hasText: 'ACH 4410' })).toContainText('$920.03');
  await expect(page.getByTestId('statement-closing')).toHaveText('$0');
  await screenshot(page, 'franchise-month-statement');
  await office.close();
});
