import { expect, test } from '../fixtures';
import { joinTeam, registerViaApi, screenshot, seriousViolations, uniqueEmail } from '../support';

test('an admin sets the fiscal year end and a state rule, and sees the FDD deadline and the renewal', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Cal Endar', email: uniqueEmail('calendar') });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Franchise calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Franchise calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('fdd-next')).toHaveText(
    'Set the fiscal year end to see the FDD update deadline and the renewals that follow it.',
  );

  await page.getByLabel('Fiscal year end (MM-DD)').fill('13-01');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The fiscal year end must be a month and day (MM-DD).')).toBeVisible();
  await page.getByLabel('Fiscal year end (MM-DD)').fill('12-31');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Calendar settings saved.')).toBeVisible();
  // 120 days after December 31, 2026 (the last one, 2025's, is past): April 30, 2027.
  await expect(page.getByTestId('fdd-next')).toHaveText('Next FDD update due Apr 30, 2027');
  await expect(page.getByRole('row').filter({ hasText: 'Apr 30, 2027' })).toContainText(
    'Annual FDD update due',
  );

  // A rule a year from its last effective date: the day is required, asked for beside the field.
  await page.getByRole('button', { name: 'Add state rule' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('State').fill('mn');
  await dialog.getByLabel('Basis').selectOption('effective_date');
  await dialog.getByLabel('Last effective date').fill('2026-03-15');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('The days field is required for this basis.')).toBeVisible();
  await dialog.getByLabel('Days').fill('0');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('MN rule saved.')).toBeVisible();
  const rule = page.getByRole('row').filter({ hasText: 'MN' }).filter({ hasText: 'anniversary' });
  await expect(rule).toContainText('Mar 15, 2027');
  await expect(
    page.getByRole('row', { name: 'Mar 15, 2027 MN franchise registration renewal due' }),
  ).toBeVisible();
  // Both deadlines are reminders of the team, in view within its lead time.
  const reminders = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Reminders of the calendar' }),
  });
  await expect(reminders).toContainText('Annual FDD update due');
  await expect(reminders).toContainText('MN franchise registration renewal due');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'franchise-calendar');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'franchise-calendar-phone', { fullPage: false });
  await page.getByRole('heading', { name: 'State registration renewals' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'franchise-calendar-rules-phone', { fullPage: false });
});

test('the franchise calendar is in the menu of managers, read only, and not of observers', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await registerViaApi((await ownerContext.newPage()).request, {
    name: 'Owen Owner',
    email: uniqueEmail('calendar-owner'),
  });
  await ownerContext.close();
  const member = await registerViaApi(page.request, {
    name: 'Max Member',
    email: uniqueEmail('calendar-member'),
  });
  joinTeam(member.id, owner.team_id, 'manager');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Franchise calendar' }).click();
  await expect(
    page.getByText('You can read the calendar; admins change its settings and rules.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add state rule' })).toHaveCount(0);

  const observer = await registerViaApi(page.request, {
    name: 'Obi Server',
    email: uniqueEmail('calendar-obs'),
  });
  joinTeam(observer.id, owner.team_id, 'observer');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Franchise calendar' })).toHaveCount(0);
});
