import { expect, test, type APIRequestContext, type Page } from '../fixtures';
import { linkFromMail } from '../mail';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const isoDay = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Desktop and phone screenshots of the page as it is now. */
async function screenshots(page: Page, name: string) {
  // From the top: the shell's fixed bars would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** A portfolio worth looking at: three located stores, leases ending over the years, an agreement. */
async function portfolio(request: APIRequestContext) {
  const landlord = await apiCall(request, 'POST', '/companies', {
    name: 'Crossroads Realty',
    kind: 'landlord',
  });
  const franchisee = await apiCall(request, 'POST', '/companies', {
    name: 'Moore Partners',
    kind: 'franchisee',
  });
  const brand = await apiCall(request, 'POST', '/brands', { name: 'Harbor Grill' });
  const austin = await apiCall(request, 'POST', '/stores', {
    name: 'Harbor Grill Austin',
    brand_id: brand.id,
    city: 'Austin',
    latitude: 30.2672,
    longitude: -97.7431,
  });
  const dallas = await apiCall(request, 'POST', '/stores', {
    name: 'Harbor Grill Dallas',
    brand_id: brand.id,
    city: 'Dallas',
    latitude: 32.7767,
    longitude: -96.797,
  });
  const houston = await apiCall(request, 'POST', '/stores', {
    name: 'Harbor Grill Houston',
    brand_id: brand.id,
    city: 'Houston',
    latitude: 29.7604,
    longitude: -95.3698,
  });
  const lease = await apiCall(request, 'POST', '/leases', {
    store_id: austin.id,
    landlord_id: landlord.id,
    reference: 'HG-AUS-1',
    status: 'active',
    type: 'nnn',
    suite: '110',
    rentable_sqft: 2400,
    permitted_use: 'Full-service restaurant',
    commencement_date: isoDay(-1500),
    expiration_date: isoDay(200),
    rent_schedule: [
      { start_date: isoDay(-1500), end_date: isoDay(-1), monthly_amount: 9000 },
      { start_date: isoDay(0), end_date: isoDay(200), monthly_amount: 9450 },
    ],
    charges: [{ kind: 'cam', monthly_amount: 650, estimated: true }],
    options: [
      {
        kind: 'renewal',
        count: 2,
        length_months: 60,
        notice_days: 180,
        notice_from: 'expiration',
        delivery_method: 'Certified mail',
      },
    ],
    clauses: [{ kind: 'co_tenancy', text: 'Rent abates 50% if the anchor tenant goes dark for 90 days.' }],
    security_deposit: 18900,
  });
  await apiCall(request, 'POST', '/leases', {
    store_id: dallas.id,
    landlord_id: landlord.id,
    reference: 'HG-DAL-1',
    status: 'active',
    expiration_date: isoDay(45),
  });
  await apiCall(request, 'POST', '/leases', {
    store_id: houston.id,
    reference: 'HG-HOU-1',
    status: 'active',
    expiration_date: isoDay(3 * 365),
  });
  const agreement = await apiCall(request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: franchisee.id,
    store_ids: [dallas.id, houston.id],
    agreement_number: 'FA-12',
    status: 'open',
    effective_date: isoDay(-2000),
    expiration_date: isoDay(300),
    renewal_notice_days: 240,
    initial_fee: 45000,
    royalty_percent: 6,
    marketing_percent: 2,
    territory_description: 'Travis County',
    territory_exclusive: true,
  });
  return { lease, agreement, austin };
}

test('an observer reads a lease and an agreement on their own pages, without Edit or Delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const admin = await registerViaApi(page.request, { name: 'Ada Admin', email: uniqueEmail('lease-admin') });
  const { lease, agreement } = await portfolio(page.request);

  // An observer joins through an invitation.
  const observerEmail = uniqueEmail('observer');
  await apiCall(page.request, 'POST', `/teams/${admin.team_id}/invitations`, {
    email: observerEmail,
    role: 'observer',
  });
  const link = await linkFromMail(observerEmail, /\/teams\/register\//);
  const context = await browser.newContext({ viewport: DESKTOP });
  const observer = await context.newPage();
  await registerViaApi(observer.request, {
    name: 'Otto Observer',
    email: observerEmail,
    invitation: link.split('/').pop()!,
  });

  // From the list, a row opens the read-only page (the edit form would be a 403 for an observer).
  await observer.goto('/leases');
  await observer.getByRole('cell', { name: 'HG-AUS-1' }).click();
  await expect(observer).toHaveURL(new RegExp(`/leases/${lease.id}$`));
  await expect(
    observer.getByRole('heading', { level: 1, name: 'Harbor Grill Austin · HG-AUS-1' }),
  ).toBeVisible();
  await expect(observer.getByRole('heading', { name: 'Rent schedule' })).toBeVisible();
  await expect(observer.getByTestId('lease-option')).toContainText('Certified mail');
  await expect(observer.getByRole('button', { name: 'Exercise' })).toHaveCount(0);
  await expect(
    observer.getByText('Rent abates 50% if the anchor tenant goes dark for 90 days.'),
  ).toBeVisible();
  await expect(observer.getByRole('heading', { name: 'Reminders of this lease' })).toBeVisible();
  await expect(observer.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await screenshots(observer, 'lease-detail-observer');

  await observer.goto(`/agreements/${agreement.id}`);
  await expect(observer.getByRole('heading', { level: 1, name: 'Harbor Grill · FA-12' })).toBeVisible();
  await expect(observer.getByRole('link', { name: 'Harbor Grill Dallas' })).toBeVisible();
  await expect(observer.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await screenshots(observer, 'agreement-detail-observer');
  await context.close();

  // The admin may edit and delete; a delete is confirmed and can be undone.
  await page.goto(`/leases/${lease.id}`);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/leases/${lease.id}/edit`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete Harbor Grill Austin · HG-AUS-1?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/leases$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Harbor Grill Austin · HG-AUS-1 restored.')).toBeVisible();
  await page.goto(`/leases/${lease.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Grill Austin · HG-AUS-1' })).toBeVisible();
});

test('an admin sets reminder lead times and creates, then turns off, a calendar link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Lee Times', email: uniqueEmail('lead-times') });

  await page.goto('/account/team');
  const leadTimes = page.getByLabel('Notice lead times (days)');
  await expect(leadTimes).toHaveValue('180, 90, 30, 7');
  await leadTimes.fill('120, soon');
  await page.getByLabel('Inbox window (days)').fill('0');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(
    page.getByText('Each of the notice lead times must be a whole number of days between 1 and 3650.'),
  ).toBeVisible();
  await expect(page.getByText('The inbox window must be between 1 and 3650.')).toBeVisible();
  await screenshots(page, 'team-lead-times-errors');
  await leadTimes.fill('14, 120, 60');
  await page.getByLabel('Inbox window (days)').fill('120');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(page.getByText('Reminder settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Notice lead times (days)')).toHaveValue('120, 60, 14');
  await expect(page.getByLabel('Inbox window (days)')).toHaveValue('120');

  await page.goto('/account/profile');
  await expect(page.getByText('No calendar link yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const url = page.getByLabel('Calendar URL');
  await expect(url).toHaveValue(/\/app\/calendar\/[\w-]+\.ics$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.inputValue());
  // The feed answers as a calendar.
  const feed = await page.request.get(new URL(await url.inputValue()).pathname);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  await screenshots(page, 'profile-calendar-created');

  // After a reload only a hash is left on the server: the page says a link is active.
  await page.reload();
  await expect(page.getByText(/A link is active since/)).toBeVisible();
  await expect(page.getByLabel('Calendar URL')).toHaveCount(0);
  await screenshots(page, 'profile-calendar-active');
  await page.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Turn off the calendar link?');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Calendar link turned off.')).toBeVisible();
  await expect(page.getByText('No calendar link yet.')).toBeVisible();
});

test('the dashboard shows upcoming critical dates, lease expirations by year and coloured map markers', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await registerViaApi(page.request, { name: 'Dana Dash', email: uniqueEmail('dashboard') });
  const { lease } = await portfolio(page.request);

  await page.goto('/dashboard');
  const timeline = page.getByTestId('critical-dates');
  await expect(timeline).toBeVisible();
  // The Austin renewal notice (in 20 days) comes first, then Dallas's expiry (45), Austin's (200), the agreement's (300).
  await expect(timeline.getByRole('link')).toHaveText([
    'Renewal option (1 of 2) notice deadline: Harbor Grill Austin',
    'Lease expires: Harbor Grill Dallas',
    'Franchise renewal notice due: Harbor Grill FA-12',
    'Lease expires: Harbor Grill Austin',
    'Franchise agreement expires: Harbor Grill FA-12',
  ]);
  const chart = page.getByTestId('expiry-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('table')).toContainText(`${new Date().getFullYear() + 3}`);
  await expect(page.getByRole('list', { name: 'Marker colours: nearest open deadline' })).toContainText(
    'Within 30 days',
  );
  await expect(page.locator('.leaflet-interactive')).toHaveCount(3);
  await screenshots(page, 'dashboard-timeline');

  await timeline
    .getByRole('link', { name: 'Renewal option (1 of 2) notice deadline: Harbor Grill Austin' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/leases/${lease.id}$`));
});
