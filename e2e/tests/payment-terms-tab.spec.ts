import { expect, test } from '../fixtures';
import {
  apiCall,
  expectFitsWidth,
  joinTeam,
  registerViaApi,
  screenshot,
  seriousViolations,
  uniqueEmail,
} from '../support';

test('a manager sets a lease’s payment terms to quarterly in arrears on the 5th and the generated line follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await registerViaApi(ownerPage.request, { name: 'Olga Owner', email: uniqueEmail('terms') });
  const store = await apiCall(ownerPage.request, 'POST', '/stores', { name: 'Riverside' });
  const lease = await apiCall(ownerPage.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'L-7',
    status: 'active',
    commencement_date: '2026-03-01',
    rent_commencement_date: '2026-03-15',
    expiration_date: '2031-03-14',
    rent_schedule: [{ start_date: '2026-03-15', end_date: '2031-03-14', monthly_amount: 10000 }],
  });
  const manager = await registerViaApi(page.request, { name: 'Mona Manager', email: uniqueEmail('terms') });
  joinTeam(manager.id, owner.team_id, 'manager');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/leases/${lease.id}?tab=payments`);
  const reading = page.getByText('Read as', { exact: true }).locator('xpath=..');
  await expect(reading).toContainText('Monthly in advance, due on the 1st of each month · calendar months');
  await expect(reading).toContainText('Not saved yet: the common defaults.');
  // Before any click: a hovered button and a toast fading in are states of their own, not the page's.
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Billed').selectOption('quarterly');
  await page.getByLabel('Paid', { exact: true }).selectOption('arrears');
  await page.getByLabel('Due day of the month').fill('32');
  await page.getByRole('button', { name: 'Save payment terms' }).click();
  await expect(page.getByLabel('Due day of the month')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The due day must be between 1 and 31.')).toBeVisible();

  await page.getByLabel('Due day of the month').fill('5');
  await page.getByLabel('Remittance details').fill('ACH to First Bank');
  await page.getByRole('button', { name: 'Save payment terms' }).click();
  await expect(page.getByText('Payment terms saved.')).toBeVisible();
  await expect(reading).toContainText(
    'Quarterly in arrears, due on the 5th of the month after each quarter · calendar quarters',
  );
  await expect(page.getByLabel('Due day of the month')).toHaveValue('5');
  await screenshot(page, 'payment-terms-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page);
  await screenshot(page, 'payment-terms-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // April to June in arrears: one line for the quarter, due on 5 July.
  await page.getByRole('link', { name: 'Generate and approve payables' }).click();
  await page.getByLabel('Month due').fill('2026-07');
  await page.getByRole('button', { name: 'Generate lines' }).click();
  await expect(page.getByText('1 new line, 0 updated.')).toBeVisible();
  const rent = page.getByRole('row').filter({ hasText: 'L-7' });
  await expect(rent).toContainText('Jul 5, 2026');
  await expect(rent).toContainText('Apr 1, 2026 – Jun 30, 2026');
  await expect(rent).toContainText('$30,000');
  await expect(rent).toContainText('ACH to First Bank');

  // The owner's observer reads the terms but cannot change them.
  const observerContext = await browser.newContext();
  const observerPage = await observerContext.newPage();
  const observer = await registerViaApi(observerPage.request, {
    name: 'Otto Observer',
    email: uniqueEmail('terms'),
  });
  joinTeam(observer.id, owner.team_id, 'observer');
  await observerPage.goto(`/leases/${lease.id}?tab=payments`);
  await expect(observerPage.getByLabel('Due day of the month')).toHaveValue('5');
  await expect(observerPage.getByLabel('Due day of the month')).toBeDisabled();
  await expect(observerPage.getByText('Managers and admins change the payment terms.')).toBeVisible();
  await expect(observerPage.getByRole('button', { name: 'Save payment terms' })).toHaveCount(0);
  await observerContext.close();
  await ownerContext.close();
});
