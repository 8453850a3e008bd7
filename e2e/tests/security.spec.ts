import { expect, test, type Page } from '../fixtures';
import { apiCall, csrfToken, registerViaApi, uniqueEmail, uploadViaApi } from '../support';
import { makePdf } from '../../apps/server/test/pdf';

/**
 * Stored XSS: hostile text saved in every text field is shown as text wherever it appears. Each payload
 * would set window.__xss (or open a dialog) if the page ever parsed it as HTML or followed it as a link.
 * The CSP would also block it; the checks below do not rely on that: they look for injected elements, and
 * the fixture fails the test on any CSP violation, which an injected handler would cause.
 */
const PAYLOADS = [
  '<img src=x onerror=window.__xss=1>',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  "'><iframe src=javascript:window.__xss=1>",
];
/** One payload per field, each tagged so search finds it and the test can tell the fields apart. */
const hostile = (field: string, n = 0) => `zqx ${field} ${PAYLOADS[n % PAYLOADS.length]}`;

type Watch = { dialogs: string[] };

function watch(page: Page): Watch {
  const state: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    state.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return state;
}

/** Nothing ran and nothing was injected: no flag, no dialog, no element carrying a payload's handler. */
async function expectInert(page: Page, state: Watch) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(state.dialogs).toEqual([]);
  await expect(
    page.locator('[onerror], [onload], img[src="x"], a[href^="javascript:" i], iframe[src^="javascript:" i]'),
  ).toHaveCount(0);
  await expect(page.locator('body script')).toHaveCount(0);
}

async function seedHostileTeam(page: Page) {
  const request = page.request;
  await registerViaApi(request, { name: 'Mallory Payload', email: uniqueEmail('xss') });
  let n = 0;
  const next = (field: string) => hostile(field, n++);
  const company = await apiCall(request, 'POST', '/companies', {
    name: next('company'),
    legal_name: next('legal'),
    tax_id: next('tax'),
    phone: next('phone'),
    description: next('company-description'),
    address_line1: next('line1'),
    city: next('city'),
  });
  const brand = await apiCall(request, 'POST', '/brands', {
    name: next('brand'),
    company_id: company.id,
    description: next('brand-description'),
  });
  const storeName = next('store');
  const store = await apiCall(request, 'POST', '/stores', {
    name: storeName,
    brand_id: brand.id,
    company_id: company.id,
    address_line1: next('store-line1'),
    address_line2: next('store-line2'),
    city: next('store-city'),
    region: next('region'),
    phone: next('store-phone'),
    // Coordinates put the store on the dashboard map, whose tooltips show the name.
    latitude: 30.27,
    longitude: -97.74,
  });
  const contact = await apiCall(request, 'POST', '/contacts', {
    first_name: next('first'),
    last_name: next('last'),
    job_title: next('job'),
    company_id: company.id,
    notes: next('contact-notes'),
  });
  await apiCall(request, 'POST', `/stores/${store.id}/notes`, { body: next('note') });
  await apiCall(request, 'POST', `/companies/${company.id}/notes`, { body: next('company-note') });
  const document = await uploadViaApi(
    request,
    `/stores/${store.id}/documents`,
    'lease.pdf',
    await makePdf(['A hostile lease']),
  );
  await apiCall(request, 'PATCH', `/documents/${document.id}`, {
    title: next('document-title'),
    description: next('document-description'),
  });
  const lease = await apiCall(request, 'POST', '/leases', {
    store_id: store.id,
    landlord_id: company.id,
    reference: next('lease-ref'),
    suite: next('suite'),
    permitted_use: next('use'),
    status: 'active',
    expiration_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
  });
  const agreement = await apiCall(request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: company.id,
    store_ids: [store.id],
    agreement_number: next('agreement'),
    territory_description: next('territory'),
    status: 'open',
  });
  return { company, brand, store, storeName, contact, document, lease, agreement };
}

test('hostile text in every field is shown literally on lists, detail pages, search and the dashboard, and never runs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const state = watch(page);
  const seeded = await seedHostileTeam(page);

  const pages = [
    '/dashboard',
    '/companies',
    `/companies/${seeded.company.id}`,
    `/companies/${seeded.company.id}/notes`,
    '/brands',
    `/brands/${seeded.brand.id}`,
    '/stores',
    `/stores/${seeded.store.id}`,
    `/stores/${seeded.store.id}/notes`,
    `/stores/${seeded.store.id}/documents`,
    '/contacts',
    `/contacts/${seeded.contact.id}`,
    '/documents',
    `/documents?document=${seeded.document.id}`,
    '/leases',
    `/leases/${seeded.lease.id}`,
    '/agreements',
    `/agreements/${seeded.agreement.id}`,
    '/reminders',
  ];
  for (const path of pages) {
    await page.goto(path);
    // Each page shows at least one of the stored payloads, as text (lists also render hidden mobile cards).
    await expect(
      page
        .getByText(/zqx [\w-]+ </)
        .filter({ visible: true })
        .first(),
      path,
    ).toBeVisible();
    await expectInert(page, state);
  }

  // The detail page shows the payload character for character.
  await page.goto(`/stores/${seeded.store.id}`);
  await expect(page.getByRole('heading', { name: seeded.storeName })).toBeVisible();

  // The dashboard map's tooltip is built outside React (Leaflet): hover a marker.
  await page.goto('/dashboard');
  const marker = page.locator('path.leaflet-interactive').first();
  await expect(marker).toBeVisible();
  await marker.hover();
  await expect(page.locator('.leaflet-tooltip')).toContainText('zqx store <');
  await expectInert(page, state);

  // Global search lists the records by their hostile names.
  await page.locator('body').press('/');
  await page.keyboard.type('zqx');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: /zqx store/ }).first()).toContainText('<');
  await expectInert(page, state);
});

test('a website is a link only when it is http(s): the API refuses javascript: and the page never renders one', async ({
  page,
}) => {
  const state = watch(page);
  await registerViaApi(page.request, { name: 'Link Lou', email: uniqueEmail('link') });
  for (const website of [
    'javascript:window.__xss=1',
    'JaVaScRiPt:window.__xss=1',
    'data:text/html,<script>window.__xss=1</script>',
  ]) {
    const refused = await page.request.post('/app/api/v1/companies', {
      data: { name: 'Bad link', website },
      headers: { 'X-XSRF-TOKEN': await csrfToken(page.request) },
    });
    expect(refused.status(), website).toBe(422);
  }
  const company = await apiCall(page.request, 'POST', '/companies', {
    name: 'Good link',
    website: 'https://example.com/about',
  });

  // A row stored before the rule (or imported around it) must still not become a javascript: link.
  await page.route(`**/app/api/v1/companies/${company.id}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({
      response,
      json: { ...body, data: { ...body.data, website: 'javascript:window.__xss=1' } },
    });
  });
  await page.goto(`/companies/${company.id}`);
  await expect(page.getByText('javascript:window.__xss=1')).toBeVisible();
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await page.getByText('javascript:window.__xss=1').click();
  await expectInert(page, state);

  await page.unrouteAll({ behavior: 'wait' });
  await page.goto(`/companies/${company.id}`);
  await expect(page.getByRole('link', { name: 'example.com/about' })).toHaveAttribute(
    'href',
    'https://example.com/about',
  );
});
