import { expect, test } from '../fixtures';
import { apiCall, joinTeam, registerViaApi, screenshot, seriousViolations, uniqueEmail } from '../support';

test('a manager adds two units to an area development schedule, links one to a store and sees the late one flagged', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const franchisor = await registerViaApi(owner.request, {
    name: 'Ada Owner',
    email: uniqueEmail('ad-owner'),
  });
  const developer = await apiCall(owner.request, 'POST', '/companies', {
    name: 'Lone Star Dev',
    kind: 'franchisee',
  });
  const brand = await apiCall(owner.request, 'POST', '/brands', { name: 'Taco Haus' });
  await apiCall(owner.request, 'POST', '/stores', {
    name: 'Austin North',
    brand_id: brand.id,
    company_id: developer.id,
  });
  const agreement = await apiCall(owner.request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: developer.id,
    type: 'area_development',
    agreement_number: 'AD-7',
    status: 'open',
    effective_date: '2025-01-01',
  });
  await ownerContext.close();
  const manager = await registerViaApi(page.request, {
    name: 'Mia Manager',
    email: uniqueEmail('ad-manager'),
  });
  joinTeam(manager.id, franchisor.team_id, 'manager');

  await page.goto(`/agreements/${agreement.id}`);
  const panel = page.locator('#development');
  await expect(panel.getByRole('heading', { name: 'Development schedule' })).toBeVisible();
  await expect(panel.getByText('No units yet.')).toBeVisible();

  // Unit 1 was due to open long ago and has not: it is behind schedule and its reminder stays open.
  await panel.getByRole('button', { name: 'Add unit' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Unit number')).toHaveValue('1');
  await dialog.getByLabel('Open by').fill('2026-01-31');
  await dialog.getByRole('button', { name: 'Save unit' }).click();
  await expect(page.getByText('Development schedule saved.')).toBeVisible();
  const unit1 = panel.getByRole('row').filter({ hasText: 'Unit 1' });
  await expect(unit1).toContainText('Behind schedule');
  await expect(unit1).toContainText('Overdue since Jan 31, 2026');
  await expect(panel.getByText('One unit is behind schedule')).toBeVisible();

  // A second unit with the same number is refused beside the field.
  await panel.getByRole('button', { name: 'Add unit' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Unit number').fill('1');
  await dialog.getByLabel('Open by').fill('2027-06-30');
  await dialog.getByRole('button', { name: 'Save unit' }).click();
  await expect(dialog.getByText('The unit number is already taken.')).toBeVisible();
  await expect(dialog.getByLabel('Unit number')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Unit number').fill('2');
  await dialog.getByLabel('Store').selectOption({ label: 'Austin North' });
  await dialog.getByLabel('Status').selectOption('under_construction');
  await dialog.getByRole('button', { name: 'Save unit' }).click();
  const unit2 = panel.getByRole('row').filter({ hasText: 'Unit 2' });
  await expect(unit2).toContainText('Austin North');
  await expect(unit2).toContainText('Under construction');
  await expect(unit2).not.toContainText('Behind schedule');
  await expect(unit2).toContainText('Due Jun 30, 2027');
  await expect(panel.getByText('One unit is behind schedule')).toBeVisible();
  // Both units' reminders are the agreement's.
  await expect(page.getByRole('link', { name: 'Unit 1 of agreement AD-7 is due to open' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unit 2 of agreement AD-7 is due to open' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'development-schedule');

  // Unit 1 opens: nothing is behind any more, and its reminder goes.
  await panel.getByRole('button', { name: 'Edit unit 1' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption('open');
  await dialog.getByRole('button', { name: 'Save unit' }).click();
  await expect(unit1).toContainText('None (settled)');
  await expect(panel.getByText('One unit is behind schedule')).toHaveCount(0);

  // Removing a unit asks first.
  await panel.getByRole('button', { name: 'Remove unit 2' }).click();
  await expect(page.getByRole('dialog')).toContainText('Remove unit 2?');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Unit 2 removed.')).toBeVisible();
  await expect(unit2).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Unit 2 of agreement AD-7 is due to open' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'development-schedule-phone', { fullPage: false });
});

test('an observer reads the development schedule without changing it', async ({ page, browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const franchisor = await registerViaApi(owner.request, {
    name: 'Ode Owner',
    email: uniqueEmail('ad-owner2'),
  });
  const brand = await apiCall(owner.request, 'POST', '/brands', { name: 'Noodle Bar' });
  const agreement = await apiCall(owner.request, 'POST', '/agreements', {
    brand_id: brand.id,
    type: 'area_development',
    agreement_number: 'AD-8',
    status: 'open',
  });
  await apiCall(owner.request, 'PUT', `/agreements/${agreement.id}/development`, {
    units: [{ unit_number: 1, open_by: '2026-02-01', store_id: null, status: 'planned' }],
  });
  await ownerContext.close();
  const observer = await registerViaApi(page.request, {
    name: 'Oli Observer',
    email: uniqueEmail('ad-observer'),
  });
  joinTeam(observer.id, franchisor.team_id, 'observer');

  await page.goto(`/agreements/${agreement.id}`);
  const panel = page.locator('#development');
  await expect(panel.getByRole('row').filter({ hasText: 'Unit 1' })).toContainText('Behind schedule');
  await expect(panel.getByText('You can read the schedule; managers and admins change it.')).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(0);
});
