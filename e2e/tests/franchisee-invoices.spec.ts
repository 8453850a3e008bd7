import fs from 'node:fs';
import { expect, test } from '../fixtures';
import {
  apiCall,
  expectFitsWidth,
  franchiseeWithMarchSales,
  logIn,
  registerFranchisee,
  registerViaApi,
  screenshot,
  seriousViolations,
  uniqueEmail,
} from '../support';

test('a franchisee opens their royalty invoice from the dashboard, reads it and downloads its PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The franchisor bills March to two franchisees of the team, in a browser of their own.
  const office = await browser.newContext();
  const franchisor = office.request;
  const { team_id: teamId } = await registerViaApi(franchisor, {
    name: 'Fran Chisor',
    email: uniqueEmail('own-invoices-franchisor'),
  });
  const north = await franchiseeWithMarchSales(franchisor, {
    company: 'North Bagels LLC',
    brand: 'Bagel Co',
    store: 'North Main Street',
    agreement: 'FA-North',
  });
  await franchiseeWithMarchSales(franchisor, {
    company: 'South Bagels LLC',
    brand: 'Bagel Co South',
    store: 'South Harbor',
    agreement: 'FA-South',
  });
  const invoiced = await apiCall<{
    created: Array<{ id: number; number: string; franchisee: { id: number } }>;
  }>(franchisor, 'POST', '/invoices', { period: '2026-03' });
  const own = invoiced.created.find((i) => i.franchisee.id === north.operator.id)!;
  const theirs = invoiced.created.find((i) => i.franchisee.id !== north.operator.id)!;
  const email = await registerFranchisee(franchisor, page, teamId, [north.operator.id], 'own-invoices');

  await page.context().clearCookies();
  await logIn(page, email);
  // Their open invoice on the dashboard opens on their Invoices page.
  const card = page.getByTestId('open-invoices');
  await card.getByRole('link', { name: new RegExp(`Invoice ${own.number}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?invoice=${own.id}$`));
  const dialog = page.getByRole('dialog', { name: `${own.number} · North Bagels LLC` });
  // $20,000 of March sales at 5%.
  await expect(dialog).toContainText('Royalty, FA-North, all stores');
  await expect(dialog).toContainText('$1,000');
  // Read only: nothing to send, void or pay.
  await expect(dialog.getByRole('button', { name: /E-mail|Void|Record payment/ })).toHaveCount(0);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`${own.number}.pdf`);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/invoices$/);

  // The page lists their invoice alone, and the sidebar leads back to it.
  const table = page.getByRole('table', { name: 'Your royalty invoices' });
  await expect(table.getByRole('row').filter({ hasText: own.number })).toContainText('March 2026');
  await expect(table.getByRole('row').filter({ hasText: own.number })).toContainText('Open');
  await expect(table.getByText(theirs.number)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Invoice this month/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Export/ })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'franchisee-invoices', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await expectFitsWidth(page);
  await screenshot(page, 'franchisee-invoices-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Their statement: the invoice as the debit that makes the balance.
  await page.getByRole('tab', { name: 'Statement' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await expect(page.getByRole('row').filter({ hasText: own.number })).toContainText('$1,000');
  await expect(page.getByTestId('statement-closing')).toHaveText('$1,000');
  await office.close();
});
