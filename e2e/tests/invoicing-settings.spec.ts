import { expect, test } from '../fixtures';
import {
  franchiseeWithMarchSales,
  registerViaApi,
  screenshot,
  seriousViolations,
  uniqueEmail,
} from '../support';

test('an admin adds a recurring fee to the invoicing rules and the next invoice run bills it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Fee Setter', email: uniqueEmail('invoicing-settings') });
  await franchiseeWithMarchSales(page.request, {
    company: 'Bay Eats',
    brand: 'Bay Burger',
    store: 'Oakland',
    agreement: 'BB-1',
  });

  await page.goto('/invoices?tab=settings');
  const defaults = page.getByRole('row').filter({ hasText: 'Team default' });
  await expect(defaults).toContainText('30 days');
  await defaults.getByRole('button', { name: 'Edit the team’s default rules' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add fee' }).click();
  await dialog.getByLabel('Fee 1 label').fill('Software license');
  await dialog.getByLabel('Fee 1 amount ($)').fill('125.505');
  await dialog.getByLabel('Payment terms (days)').fill('15');
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(dialog.getByText('The fee amount may have at most two decimals.')).toBeVisible();
  await dialog.getByLabel('Fee 1 amount ($)').fill('125.50');
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(
    page.getByText('The team’s default rules are saved; the next invoice run uses them.'),
  ).toBeVisible();
  await expect(defaults).toContainText('Software license $125.50');
  await expect(defaults).toContainText('15 days');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'invoicing-settings');

  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByLabel('Month invoiced').fill('2026-03');
  await page.getByRole('button', { name: 'Invoice this month' }).click();
  await expect(page.getByText('One invoice created (0 already invoiced).')).toBeVisible();
  // $1,000 royalty (5% of $20,000) and the new fee.
  const row = page.getByRole('row').filter({ hasText: 'Bay Eats' });
  await expect(row).toContainText('$1,125.50');
  await row.getByRole('button', { name: 'INV-000001' }).click();
  await expect(page.getByRole('dialog')).toContainText('Software license, BB-1');
  await expect(page.getByRole('dialog')).toContainText('$125.50');

  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: 'Team default' })
    .getByRole('button', { name: 'Edit the team’s default rules' })
    .click();
  await screenshot(page, 'invoicing-settings-phone', { fullPage: false });
});
