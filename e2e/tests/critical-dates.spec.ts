import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail, uploadViaApi } from '../support';

const isoDay = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

type Window = {
  state: string;
  term_end: string;
  earliest: { date: string } | null;
  latest: { date: string; explanation: string };
  renewal: { start: string; end: string };
};
type LeaseDto = {
  id: number;
  expiration_date: string;
  rent_schedule: Array<{ start_date: string; monthly_amount: number }>;
  options: Array<{ windows: Window[] }>;
};

test('a manager exercises a renewal in the browser: the expiration, the rent and the next window follow', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Rena Renewals', email: uniqueEmail('renewals') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Austin' });
  const months = (amount: number) => ({ anchor: 'term_end', amount, unit: 'months', direction: 'before' });
  const lease = await apiCall<LeaseDto>(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-AUS-1',
    status: 'active',
    commencement_date: isoDay(-1500),
    expiration_date: isoDay(270),
    rent_schedule: [{ start_date: isoDay(-1500), end_date: isoDay(270), monthly_amount: 10_000 }],
    options: [
      {
        kind: 'renewal',
        count: 2,
        length_months: 60,
        notice: { earliest: months(12), latest: months(6), business_day: 'previous' },
        delivery_method: 'Certified mail',
      },
    ],
  });
  const [first, second] = lease.options[0]!.windows;

  await page.goto(`/leases/${lease.id}`);
  const option = page.getByTestId('lease-option');
  await expect(option.getByTestId('notice-window').first()).toContainText(
    `${shown(first!.earliest!.date)} – ${shown(first!.latest.date)}`,
  );
  await expect(option.getByTestId('notice-window').first()).toContainText(first!.latest.explanation);
  await expect(option.getByText('Dates not verified')).toBeVisible();
  await option.getByRole('button', { name: 'Mark dates verified' }).click();
  await expect(option.getByText(/Verified · Rena Renewals/)).toBeVisible();
  await screenshot(page, 'lease-option-window-desktop');

  await option.getByRole('button', { name: 'Exercise' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`The term is extended to ${shown(first!.renewal.end)}`);
  await dialog.getByLabel('Increase over the last rent (%)').fill('3');
  await dialog.getByRole('button', { name: 'Exercise' }).click();
  await expect(page.getByText('Option exercised.')).toBeVisible();

  const after = await apiCall<LeaseDto>(page.request, 'GET', `/leases/${lease.id}`);
  expect(after.expiration_date).toBe(first!.renewal.end);
  expect(after.expiration_date).toBe(second!.term_end);
  // The header, the rent schedule and the windows show the exercised renewal without a reload.
  await expect(page.getByText(new RegExp(`^Expiration.*${shown(first!.renewal.end)}`)).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '$10,300' })).toBeVisible();
  const windows = option.getByTestId('notice-window');
  await expect(windows.nth(0)).toContainText('Exercised');
  await expect(windows.nth(1)).toContainText('Open');
  await expect(windows.nth(1)).toContainText(shown(after.options[0]!.windows[1]!.latest.date));
  await expect(page.getByTestId('lease-history')).toContainText('Renewal option (1 of 2) exercised');
  await expect(page.getByTestId('lease-history')).toContainText(
    `Option 1: notice deadline: ${first!.latest.date} → ${after.options[0]!.windows[1]!.latest.date}`,
  );
  await page.getByRole('button', { name: 'View as it was' }).first().click();
  await expect(page.getByRole('dialog')).toContainText(shown(lease.expiration_date));
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await screenshot(page, 'lease-option-exercised-desktop');

  // The form previews the windows with the same engine, before anything is saved.
  await page.goto(`/leases/${lease.id}/edit`);
  await expect(page.getByTestId('option-preview')).toContainText(
    `Window 2: ${shown(after.options[0]!.windows[1]!.earliest!.date)}`,
  );
  await page.getByLabel('Notice deadline: how long').fill('9');
  await expect(page.getByTestId('option-preview')).toContainText('9 months before the term end');
});

test('the team’s time zone and calendar are settings an admin can change', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Tia Zone', email: uniqueEmail('zone') });
  await page.goto('/account/team');
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await page.getByLabel('Daily digest at').selectOption('8');
  await page.getByLabel('The team’s own closures').fill('2026-11-27 Day after Thanksgiving\nnot-a-date Oops');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('The holiday date is not a valid date.')).toBeVisible();
  await page.getByLabel('The team’s own closures').fill('2026-11-27 Day after Thanksgiving');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('Reminder settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expect(page.getByLabel('The team’s own closures')).toHaveValue('2026-11-27 Day after Thanksgiving');
});

test('missed deadlines stand out: the dashboard card, the Overdue tab, and completing several at once', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Otto Overdue', email: uniqueEmail('overdue') });
  for (const [title, offset] of [
    ['Send the CAM audit request', -2],
    ['Return the estoppel certificate', -9],
    ['Confirm the insurance certificate', 5],
  ] as const) {
    await apiCall(page.request, 'POST', '/reminders', { title, due_date: isoDay(offset) });
  }

  await page.goto('/dashboard');
  const card = page.getByTestId('overdue-card');
  await expect(page.getByRole('heading', { name: '2 overdue deadlines' })).toBeVisible();
  await expect(card.getByRole('link')).toHaveText([
    'Return the estoppel certificate',
    'Send the CAM audit request',
  ]);

  await page.goto('/reminders');
  await expect(page.getByRole('link', { name: 'Open (3)' })).toBeVisible();
  await page.getByRole('link', { name: 'Overdue (2)' }).click();
  const rows = page.getByTestId('reminder-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Return the estoppel certificate');
  await expect(rows.first()).toContainText('Overdue');
  await page.getByLabel('Select Return the estoppel certificate').check();
  await page.getByLabel('Select Send the CAM audit request').check();
  await expect(page.getByRole('region', { name: 'Selected reminders' })).toContainText('2 selected');
  await screenshot(page, 'reminders-overdue-selected-desktop');
  await page
    .getByRole('region', { name: 'Selected reminders' })
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(page.getByText('2 reminders completed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Overdue (0)' })).toBeVisible();
  await expect(page.getByText('Nothing is overdue.')).toBeVisible();
});

test('an amendment document is recorded with what it changes, and the history keeps both', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerViaApi(page.request, { name: 'Amy Amend', email: uniqueEmail('amend') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Harbor Grill Waco' });
  const lease = await apiCall<LeaseDto>(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'HG-WAC-1',
    status: 'active',
    expiration_date: isoDay(400),
  });
  await uploadViaApi(
    page.request,
    `/leases/${lease.id}/documents`,
    'first-amendment.pdf',
    Buffer.from('%PDF-1.4 amendment'),
    { title: 'First amendment' },
  );

  await page.goto(`/leases/${lease.id}`);
  await page.getByRole('button', { name: 'Record an amendment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What the amendment does').fill('Term extended by one year');
  await dialog.getByLabel('Amendment document').selectOption({ label: 'First amendment' });
  await dialog.getByLabel('New expiration (if it changes)').fill(isoDay(765));
  await dialog.getByRole('button', { name: 'Record an amendment' }).click();
  await expect(page.getByText('Amendment recorded.')).toBeVisible();
  const history = page.getByTestId('lease-history');
  await expect(history).toContainText('Term extended by one year');
  await expect(history).toContainText('First amendment');
  await expect(history).toContainText(`${isoDay(400)} → ${isoDay(765)}`);
  const after = await apiCall<LeaseDto>(page.request, 'GET', `/leases/${lease.id}`);
  expect(after.expiration_date).toBe(isoDay(765));
});
