import fs from 'node:fs';
import { expect, test } from '../fixtures';
import {
  apiCall,
  franchisorWithTwoFranchisees,
  logIn,
  registerFranchisee,
  registerViaApi,
  screenshot,
  uniqueEmail,
} from '../support';

test('a franchisee invited to their company signs up, logs in, sees only their stores and enters a month of sales', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The franchisor sets up in a browser of their own.
  const { office, franchisor, teamId, north, south } = await franchisorWithTwoFranchisees(
    browser,
    'franchisor',
  );
  const northStore = await apiCall(franchisor, 'POST', '/stores', {
    name: 'North Main Street',
    company_id: north.id,
  });
  const southStore = await apiCall(franchisor, 'POST', '/stores', {
    name: 'South Harbor',
    company_id: south.id,
  });
  // Each franchisee's lease, agreement and reminder; the franchisor listed South's store on North's agreement.
  const brand = await apiCall(franchisor, 'POST', '/brands', { name: 'Bagel Co' });
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const records: Record<string, { lease: number; agreement: number; reminder: number }> = {};
  for (const [name, company, store, storeIds] of [
    ['North', north.id, northStore.id, [northStore.id, southStore.id]],
    ['South', south.id, southStore.id, [southStore.id]],
  ] as const) {
    const lease = await apiCall(franchisor, 'POST', '/leases', {
      store_id: store,
      reference: `${name}-L1`,
      status: 'active',
      commencement_date: '2024-01-01',
      expiration_date: '2030-12-31',
    });
    const agreement = await apiCall(franchisor, 'POST', '/agreements', {
      brand_id: brand.id,
      franchisee_id: company,
      agreement_number: `FA-${name}`,
      store_ids: storeIds,
    });
    const reminder = await apiCall(franchisor, 'POST', '/reminders', {
      title: `Inspect the ${name} store`,
      due_date: due,
      subject_type: 'store',
      subject_id: store,
    });
    records[name] = { lease: lease.id, agreement: agreement.id, reminder: reminder.id };
  }
  // The franchisee registers through the invitation and lands on their own dashboard, not the team's.
  const email = await registerFranchisee(franchisor, page, teamId, [north.id], 'franchisee');
  // They come back another day and log in: their own dashboard first (franchisee-home.spec.ts looks at it),
  // then their stores.
  await page.context().clearCookies();
  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Sales reports' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Stores',
    'Leases',
    'Agreements',
    'Sales',
    'Invoices',
    'Documents',
    /^Notifications/,
  ]);
  await nav.getByRole('link', { name: 'Stores' }).click();
  await expect(page.getByRole('row', { name: /North Main Street/ })).toBeVisible();
  await expect(page.getByText('South Harbor')).toHaveCount(0);
  // Their unread badge counts their own reminder, not South's.
  await expect(nav.getByRole('link', { name: /Notifications/ })).toHaveText(/^Notifications\s*1$/);
  await expect(page.getByRole('link', { name: /New store|Import|North Bagels LLC/ })).toHaveCount(0);
  // Their export holds their store alone.
  const [storesExport] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const storesCsv = fs.readFileSync((await storesExport.path())!, 'utf8');
  expect(storesCsv).toContain('North Main Street');
  expect(storesCsv).not.toContain('South Harbor');
  await expect(page.getByRole('button', { name: /Brand|Operating company/ })).toHaveCount(0);
  await screenshot(page, 'franchisee-stores');
  // Their store's page: its overview alone, nothing to edit or delete.
  await page
    .getByRole('row', { name: /North Main Street/ })
    .getByText('North Main Street')
    .click();
  await expect(page.getByRole('heading', { name: 'North Main Street' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Edit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  // The documents shared with them are its one other section.
  await expect(page.getByRole('navigation', { name: 'Record sections' }).getByRole('link')).toHaveText([
    'Overview',
    'Documents',
  ]);
  await screenshot(page, 'franchisee-store');

  // Sales: the entry grid alone, with their store's row.
  await nav.getByRole('link', { name: 'Sales' }).click();
  await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Enter sales']);
  const year = new Date().getFullYear();
  const cell = page.getByLabel(`North Main Street, Jan ${year} gross sales`);
  await cell.fill('12,500');
  await expect(page.getByLabel(`South Harbor, Jan ${year} gross sales`)).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().endsWith('/sales/batch') && r.status() === 200);
  await page.getByRole('button', { name: 'Save sales' }).click();
  await saved;
  await expect(page.getByText('1 figure saved.')).toBeVisible();
  await expect(cell).toHaveValue('12,500');
  const [salesExport] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const salesCsv = fs.readFileSync((await salesExport.path())!, 'utf8');
  expect(salesCsv).toContain('North Main Street');
  expect(salesCsv).toContain('12500');
  expect(salesCsv).not.toContain('South Harbor');
  await screenshot(page, 'franchisee-sales');
  // Their lease and agreement, read only; not South's.
  await nav.getByRole('link', { name: 'Leases' }).click();
  await expect(page.getByRole('heading', { name: 'Leases', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'North-L1' })).toBeVisible();
  await expect(page.getByText('South-L1')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /New lease/ })).toHaveCount(0);
  const [leasesExport] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export XLSX' }).click(),
  ]);
  expect((await leasesExport).suggestedFilename()).toMatch(/^leases-.*\.xlsx$/);
  await screenshot(page, 'franchisee-leases');
  await page.goto(`/leases/${records.North!.lease}`);
  await expect(page.getByRole('heading', { name: 'North Main Street · North-L1' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Edit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete|Record amendment/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Accounting|CAM/ })).toHaveCount(0);
  await screenshot(page, 'franchisee-lease');
  await nav.getByRole('link', { name: 'Agreements' }).click();
  await expect(page.getByRole('cell', { name: 'FA-North' })).toBeVisible();
  await expect(page.getByText('FA-South')).toHaveCount(0);
  await page.goto(`/agreements/${records.North!.agreement}`);
  await expect(page.getByText('FA-North').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'North Main Street' }).first()).toBeVisible();
  await expect(page.getByText('South Harbor')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Edit/ })).toHaveCount(0);
  await screenshot(page, 'franchisee-agreement');
  // Their reminders: South's is not among them, and nothing of the team's (assignees, bulk changes, mutes).
  await page.goto('/reminders');
  const northReminder = page.getByTestId('reminder-row').filter({ hasText: 'Inspect the North store' });
  await expect(northReminder).toBeVisible();
  await expect(page.getByText('Inspect the South store')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Mute|Mine|New reminder/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await screenshot(page, 'franchisee-reminders');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(northReminder).toBeVisible();
  await screenshot(page, 'franchisee-reminders-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The page a notice links to: the reminder, without the franchisor's comments.
  await page.goto(`/reminders/${records.North!.reminder}/comments`);
  await expect(page.getByRole('heading', { name: 'Inspect the North store' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /comments?$/ })).toHaveCount(0);
  await page.goto('/reminders');
  // They complete it: the franchisor's list shows it done, and their badge clears.
  const completed = page.waitForResponse((r) => /\/reminders\/\d+$/.test(r.url()) && r.status() === 200);
  await northReminder.getByRole('button', { name: /Mark complete/ }).click();
  await completed;
  await expect(nav.getByRole('link', { name: /Notifications/ })).toHaveText(/^Notifications$/);

  // Their calendar feed (profile page) lists their own open dates.
  await page.goto('/account/profile');
  await expect(page.getByText(/open critical dates of your companies’ stores/)).toBeVisible();
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const feedUrl = await page.getByLabel('Calendar URL').inputValue();
  await screenshot(page, 'franchisee-profile');
  await apiCall(franchisor, 'POST', '/reminders', {
    title: 'Renew the North permit',
    due_date: due,
    subject_type: 'store',
    subject_id: northStore.id,
  });
  const feed = await (await page.request.get(feedUrl)).text();
  expect(feed).toContain('Renew the North permit');
  expect(feed).not.toContain('South');

  // The franchisor's whole-team money pages answer with the 403 page, without asking the API (the console
  // stays clean: the suite fails on any error there). Invoices is theirs, read only (franchisee-invoices.spec.ts).
  for (const path of ['/payables', '/reporting']) {
    await page.goto(path);
    await expect(page.getByText('You are not allowed to see this page')).toBeVisible();
  }

  // The franchisor sees the figure, and on the team page that North last reported just now.
  const figures = await apiCall<Array<{ gross: number; store: { name: string } }>>(
    franchisor,
    'GET',
    `/sales?filters[franchisee_id]=${north.id}`,
  );
  expect(figures.map((f) => [f.store.name, f.gross])).toEqual([['North Main Street', 12500]]);
  const done = await apiCall<Array<{ title: string }>>(
    franchisor,
    'GET',
    '/reminders?filters[status]=completed',
  );
  expect(done.map((r) => r.title)).toEqual(['Inspect the North store']);
  const team = await apiCall<{ members: Array<{ name: string; companies: unknown }> }>(
    franchisor,
    'GET',
    `/teams/${teamId}`,
  );
  expect(team.members.find((m) => m.name === 'Nora North')?.companies).toEqual([
    { id: north.id, name: 'North Bagels LLC', last_reported_at: expect.any(String) },
  ]);
  await office.close();
});

test('the franchisor invites a franchisee’s manager to their company and sees on the team page when they last reported', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { team_id: teamId } = await registerViaApi(page.request, {
    name: 'Fay Franchisor',
    email: uniqueEmail('franchisor'),
  });
  const west = await apiCall(page.request, 'POST', '/companies', {
    name: 'West Bagels LLC',
    kind: 'franchisee',
  });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'West Pier', company_id: west.id });

  await page.goto('/account/team');
  const email = uniqueEmail('west');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Franchisee companies' }).click();
  await page.getByRole('option', { name: 'West Bagels LLC' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();

  // The invitee joins in a browser of their own and reports a month.
  const team = await apiCall<{ invitations: Array<{ id: string; email: string; company_ids: number[] }> }>(
    page.request,
    'GET',
    `/teams/${teamId}`,
  );
  const invitation = team.invitations.find((i) => i.email === email)!;
  expect(invitation.company_ids).toEqual([west.id]);
  const westOffice = await browser.newContext();
  await registerViaApi(westOffice.request, { name: 'Wes West', email, invitation: invitation.id });
  await apiCall(westOffice.request, 'POST', '/sales', {
    store_id: store.id,
    period: 'month',
    period_start: '2026-01-01',
    gross: 4200,
  });
  await westOffice.close();

  await page.reload();
  const row = page.getByRole('row', { name: /Wes West/ });
  await expect(row).toContainText('West Bagels LLC');
  await expect(row).toContainText('sales entered');
  await screenshot(page, 'franchisee-team-page');

  // Clearing the companies gives the member the whole team again.
  await row.getByRole('button', { name: 'Franchisee companies of Wes West' }).click();
  await page.getByRole('option', { name: 'West Bagels LLC' }).click();
  await expect(page.getByText('Wes West sees the whole team again.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Whole team');
});
