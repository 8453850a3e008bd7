import fs from 'node:fs';
import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail, uploadViaApi } from '../support';

test('a manager shares a lease’s document; its franchisee sees it on the lease page and downloads it, the other franchisee does not', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The franchisor works in `page`; each franchisee in a browser of their own.
  const { team_id: teamId } = await registerViaApi(page.request, {
    name: 'Fran Chisor',
    email: uniqueEmail('doc-franchisor'),
  });
  const franchisees: Record<
    string,
    { lease: number; client: Awaited<ReturnType<typeof browser.newContext>> }
  > = {};
  for (const name of ['North', 'South']) {
    const company = await apiCall(page.request, 'POST', '/companies', {
      name: `${name} Bagels LLC`,
      kind: 'franchisee',
    });
    const store = await apiCall(page.request, 'POST', '/stores', {
      name: `${name} Main Street`,
      company_id: company.id,
    });
    const lease = await apiCall(page.request, 'POST', '/leases', {
      store_id: store.id,
      reference: `${name}-L1`,
      status: 'active',
      commencement_date: '2024-01-01',
      expiration_date: '2030-12-31',
    });
    const email = uniqueEmail(`doc-${name.toLowerCase()}`);
    const invitation = await apiCall<{ id: string }>(page.request, 'POST', `/teams/${teamId}/invitations`, {
      email,
      role: 'manager',
      company_ids: [company.id],
    });
    const client = await browser.newContext();
    await registerViaApi(client.request, { name: `${name} Manager`, email, invitation: invitation.id });
    franchisees[name] = { lease: lease.id, client };
  }
  const north = franchisees.North!;
  const south = franchisees.South!;
  // Two files on North's lease (neither shared yet) and one already shared on South's.
  const text = (content: string) => Buffer.from(content);
  await uploadViaApi(
    page.request,
    `/leases/${north.lease}/documents`,
    'North rent letter.txt',
    text('Rent letter for North.'),
    {},
    'text/plain',
  );
  await uploadViaApi(
    page.request,
    `/leases/${north.lease}/documents`,
    'North landlord notes.txt',
    text('Internal notes.'),
    {},
    'text/plain',
  );
  await uploadViaApi(
    page.request,
    `/leases/${south.lease}/documents`,
    'South rent letter.txt',
    text('Rent letter for South.'),
    { shared: 'true' },
    'text/plain',
  );

  // The manager shares the rent letter from the lease page's documents section.
  await page.goto(`/leases/${north.lease}`);
  const table = page.getByRole('table', { name: /Documents of/ });
  await table.getByText('North rent letter.txt').click();
  const drawer = page.getByRole('dialog', { name: 'North rent letter.txt' });
  const share = drawer.getByRole('checkbox', { name: 'Share with franchisees' });
  await expect(share).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 200);
  await share.check();
  await saved;
  await expect(page.getByText('“North rent letter.txt” is shared with franchisees.')).toBeVisible();
  await expect(share).toBeChecked();
  await expect(drawer.getByText('Shared', { exact: true })).toBeVisible();
  await screenshot(page, 'franchisee-documents-share');
  await page.keyboard.press('Escape');
  await expect(table.getByRole('row', { name: /North rent letter/ }).getByText('Shared')).toBeVisible();
  await expect(table.getByRole('row', { name: /North landlord notes/ }).getByText('Shared')).toHaveCount(0);

  // North's manager sees the shared letter on their lease page, not the notes, and downloads it.
  const northPage = await north.client.newPage();
  await northPage.setViewportSize({ width: 1440, height: 900 });
  await northPage.goto(`/leases/${north.lease}`);
  const northTable = northPage.getByRole('table', { name: /Documents of/ });
  await expect(northTable.getByText('North rent letter.txt')).toBeVisible();
  await expect(northPage.getByText('North landlord notes.txt')).toHaveCount(0);
  await expect(northPage.getByText('South rent letter.txt')).toHaveCount(0);
  await expect(northPage.getByTestId('drop-zone-input')).toHaveCount(0);
  await northTable.getByText('North rent letter.txt').click();
  const northDrawer = northPage.getByRole('dialog', { name: 'North rent letter.txt' });
  await expect(northDrawer.getByRole('link', { name: 'Download' }).first()).toBeVisible();
  // Nothing of the franchisor's: no sharing, editing, versions or deleting.
  await expect(northDrawer.getByRole('checkbox')).toHaveCount(0);
  await expect(
    northDrawer.getByRole('button', { name: /Delete|Save details|Upload new version/ }),
  ).toHaveCount(0);
  await screenshot(northPage, 'franchisee-documents-drawer');
  const download = northPage.waitForEvent('download');
  await northDrawer.getByRole('link', { name: 'Download' }).first().click();
  const file = await download;
  expect(fs.readFileSync((await file.path())!, 'utf8')).toBe('Rent letter for North.');
  await northPage.setViewportSize({ width: 390, height: 844 });
  await expect(northDrawer.getByRole('link', { name: 'Download' }).first()).toBeVisible();
  await screenshot(northPage, 'franchisee-documents-drawer-phone');

  // South's manager sees their own shared letter only; North's is not there for them, even by its address.
  const southPage = await south.client.newPage();
  await southPage.goto(`/leases/${south.lease}`);
  const southTable = southPage.getByRole('table', { name: /Documents of/ });
  await expect(southTable.getByText('South rent letter.txt')).toBeVisible();
  await expect(southPage.getByText('North rent letter.txt')).toHaveCount(0);
  const listed = await apiCall<Array<{ title: string }>>(south.client.request, 'GET', '/documents');
  expect(listed.map((d) => d.title)).toEqual(['South rent letter.txt']);
  const northDocs = await apiCall<Array<{ id: number }>>(
    page.request,
    'GET',
    `/leases/${north.lease}/documents`,
  );
  for (const doc of northDocs)
    expect((await south.client.request.get(`/app/api/v1/documents/${doc.id}`)).status()).toBe(404);

  await north.client.close();
  await south.client.close();
});
