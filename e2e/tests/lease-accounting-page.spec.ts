import { expect, test } from '../fixtures';
import { apiCall, joinTeam, registerViaApi, screenshot, uniqueEmail } from '../support';

test('the lease accounting page: borrowing rates, a month close and the disclosures of a month', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Lena Ledger', email: uniqueEmail('books') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Waco' });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-WAC-1',
    status: 'active',
    commencement_date: '2025-01-01',
    expiration_date: '2029-12-31',
    rent_schedule: [{ start_date: '2025-01-01', end_date: '2029-12-31', monthly_amount: 10000 }],
  });
  // 60 payments of 10,000 in arrears at 2.25 % ÷ 12: a liability of 566,978.77 that accrues 1,063.09 in
  // January, so 558,041.86 once January's payment is made.
  await apiCall(page.request, 'PUT', `/leases/${lease.id}/accounting`, {
    discount_rate: 2.25,
    payment_timing: 'arrears',
  });

  // The page is reached from the user menu, where the finance pages are.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Payables' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Lease accounting' }).click();
  await expect(page).toHaveURL(/\/lease-accounting$/);
  await expect(page.getByRole('heading', { name: 'Lease accounting', level: 1 })).toBeVisible();

  // Settings: a borrowing rate band and a GL account, kept after a reload.
  await page.getByRole('button', { name: 'Add a rate' }).click();
  await page.getByLabel('Term up to (months)').fill('60');
  await page.getByLabel('Rate (% a year)').fill('4.5');
  await page.getByLabel('Lease liability', { exact: true }).fill('2300 Lease liability');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Lease accounting settings saved.')).toBeVisible();

  // A bad rate is refused with the field's own message.
  await page.getByLabel('Rate (% a year)').fill('abc');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Rate (% a year)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Rate (% a year)').fill('4.5');

  // Disclosures at the end of January 2025: the liability after the first payment.
  await page.getByLabel('As of month').fill('2025-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('table', { name: 'Maturity analysis at the end of 2025-01' })).toBeVisible();
  const liability = page.getByRole('row').filter({ hasText: 'Lease liability' });
  await expect(liability).toContainText('$558,041.86');
  await expect(page.getByText('Operating lease cost').last()).toBeVisible();

  // Close a month, after confirming; the list shows it and the next month is offered.
  const close = page.getByRole('button', { name: /^Close \d{4}-\d{2}$/ });
  const month = (await close.textContent())!.replace('Close ', '');
  await close.click();
  await expect(page.getByRole('dialog')).toContainText('cannot be reopened');
  await page.getByRole('button', { name: 'Close the month' }).click();
  await expect(page.getByText(`${month} is closed.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Month closes' })).toContainText(month);
  await expect(close).not.toHaveText(`Close ${month}`);

  await page.reload();
  await expect(page.getByLabel('Lease liability', { exact: true })).toHaveValue('2300 Lease liability');
  await expect(page.getByLabel('Term up to (months)')).toHaveValue('60');
  await screenshot(page, 'lease-accounting-page-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'lease-accounting-page-phone');
});

test('a changed default reading moves a lease that leaves it to the team, named as the team default', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Dana Defaults', email: uniqueEmail('reading-defaults') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Temple' });
  const newLease = (reference: string) =>
    apiCall(page.request, 'POST', '/leases', {
      store_id: store.id,
      reference,
      status: 'active',
      commencement_date: '2025-01-01',
      expiration_date: '2029-12-31',
      rent_schedule: [{ start_date: '2025-01-01', end_date: '2029-12-31', monthly_amount: 10000 }],
    });
  // One lease leaves the payment timing to the team, the other chose payments in advance itself.
  const follows = await newLease('HG-TMP-1');
  const own = await newLease('HG-TMP-2');
  await apiCall(page.request, 'PUT', `/leases/${follows.id}/accounting`, { discount_rate: 2.25 });
  await apiCall(page.request, 'PUT', `/leases/${own.id}/accounting`, {
    discount_rate: 2.25,
    payment_timing: 'advance',
  });

  const liability = page
    .getByText('Initial lease liability', { exact: true })
    .locator('xpath=following-sibling::dd');
  const readings = page.getByTestId('accounting-readings');
  await page.goto(`/leases/${follows.id}?tab=accounting`);
  await expect(readings).toContainText('In advance (team default)');
  await expect(page.getByLabel('Payments')).toHaveValue('');
  const inAdvance = (await liability.textContent())!;
  expect(inAdvance).toMatch(/^\$\d/);

  // The team's default, beside the borrowing rates on the lease accounting page (admins).
  await page.goto('/lease-accounting');
  const payments = page.getByLabel('Payments');
  await expect(payments).toHaveValue('advance');
  await payments.selectOption('arrears');
  await page.getByRole('button', { name: 'Save default readings' }).click();
  await expect(page.getByText('Default readings saved.')).toBeVisible();
  await page.reload();
  await expect(payments).toHaveValue('arrears');
  await screenshot(page, 'lease-accounting-settings-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Save default readings' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'lease-accounting-settings-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // 60 payments of 10,000 in arrears at 2.25 % ÷ 12 is a liability of 566,978.77, now the following lease's.
  await page.goto(`/leases/${follows.id}?tab=accounting`);
  await expect(readings).toContainText('In arrears (team default)');
  await expect(liability).toHaveText('$566,978.77');
  await expect(page.getByLabel('Payments')).toContainText('Team default (In arrears)');
  // The lease with its own reading keeps it, and its figure.
  await page.goto(`/leases/${own.id}?tab=accounting`);
  await expect(readings).toContainText('In advance (this lease)');
  await expect(liability).toHaveText(inAdvance);
});

test('an observer finds Payables in the user menu but not Lease accounting, and is turned away from its page', async ({
  page,
  browser,
}) => {
  const owner = await registerViaApi(page.request, {
    name: 'Olive Owner',
    email: uniqueEmail('books-owner'),
  });
  const context = await browser.newContext();
  const member = await context.newPage();
  const user = await registerViaApi(member.request, {
    name: 'Otto Observer',
    email: uniqueEmail('books-obs'),
  });
  joinTeam(user.id, owner.team_id, 'observer');
  await member.goto('/dashboard');
  await member.getByRole('button', { name: 'Open user menu' }).click();
  await expect(member.getByRole('menuitem', { name: 'Payables' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Lease accounting' })).toHaveCount(0);
  await member.keyboard.press('Escape');
  await member.goto('/lease-accounting');
  await expect(member.getByText('403')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await context.close();
});
