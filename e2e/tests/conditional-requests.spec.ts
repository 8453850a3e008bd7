import { expect, test, type Page, type Response } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

/** The next answer to the stores list (page 1, default order) the page itself asks for. */
const storesList = (page: Page) =>
  page.waitForResponse(
    (response: Response) =>
      new URL(response.url()).pathname === '/app/api/v1/stores' && response.request().method() === 'GET',
  );

test('a list visited again is revalidated with If-None-Match and its body is not sent again (304); a write makes it 200 again', async ({
  page,
}) => {
  await registerViaApi(page.request, { name: 'Etta Etag', email: uniqueEmail('etag') });
  await apiCall(page.request, 'POST', '/stores', { name: 'Cached Corner' });

  const first = storesList(page);
  await page.goto('/stores');
  const firstResponse = await first;
  expect(firstResponse.status()).toBe(200);
  const tag = await firstResponse.headerValue('etag');
  expect(tag).toMatch(/^W\/"/);
  await expect(page.getByRole('cell', { name: 'Cached Corner' })).toBeVisible();

  // The next visit (the app keeps a list in memory for a while, so a new page load): the browser's cache
  // adds the tag it kept.
  const second = storesList(page);
  await page.goto('/stores');
  const secondResponse = await second;
  expect(await secondResponse.request().headerValue('if-none-match')).toBe(tag);
  // Chromium hands the page the kept body as a 200 after a 304: what crossed the network was headers only,
  // and the server answers that tag 304.
  expect((await secondResponse.request().sizes()).responseBodySize).toBe(0);
  expect(secondResponse.status()).toBe(200);
  const direct = await page.request.get(secondResponse.url(), { headers: { 'if-none-match': tag! } });
  expect(direct.status()).toBe(304);
  await expect(page.getByRole('cell', { name: 'Cached Corner' })).toBeVisible();
  await screenshot(page, 'stores-list-revalidated');

  // Another write of the team: the same tag no longer matches, and the new store shows.
  await apiCall(page.request, 'POST', '/stores', { name: 'Fresh Front' });
  const third = storesList(page);
  await page.goto('/stores');
  const thirdResponse = await third;
  expect(thirdResponse.status()).toBe(200);
  expect((await thirdResponse.request().sizes()).responseBodySize).toBeGreaterThan(0);
  expect(await thirdResponse.headerValue('etag')).not.toBe(tag);
  await expect(page.getByRole('cell', { name: 'Fresh Front' })).toBeVisible();
});
