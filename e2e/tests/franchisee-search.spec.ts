import { expect, test } from '../fixtures';
import { apiCall, franchisorWithTwoFranchisees, registerFranchisee, screenshot } from '../support';

test('a franchisee searches with Ctrl-K and finds their own store and company, never the other franchisee’s', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The franchisor sets up in a browser of their own: two franchisees whose stores share the word "Harbor".
  const { office, franchisor, teamId, north, south } = await franchisorWithTwoFranchisees(
    browser,
    'search-franchisor',
  );
  const northStore = await apiCall(franchisor, 'POST', '/stores', {
    name: 'Harbor North',
    company_id: north.id,
  });
  await apiCall(franchisor, 'POST', '/stores', { name: 'Harbor South', company_id: south.id });
  await apiCall(franchisor, 'POST', '/stores', { name: 'Harbor Flagship' });
  await registerFranchisee(franchisor, page, teamId, [north.id], 'search-franchisee');
  await office.close();

  await page.goto('/stores');
  await expect(page.getByRole('row', { name: /Harbor North/ })).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toHaveAttribute('placeholder', 'Search your companies, stores, documents…');
  await page.keyboard.press('Control+K');
  await expect(box).toBeFocused();
  await box.fill('harbor');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option', { name: 'Harbor North' })).toBeVisible();
  await expect(results.getByRole('option')).toHaveText(['Harbor North']);
  await screenshot(page, 'franchisee-search', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(results.getByRole('option', { name: 'Harbor North' })).toBeVisible();
  await screenshot(page, 'franchisee-search-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The other franchisee's store by its own name: no result at all.
  await box.fill('harbor south');
  await expect(results.getByText('No results for “harbor south”.')).toBeVisible();
  await expect(results.getByRole('option')).toHaveCount(0);
  // Nor a page of the team's they do not open, when its name is typed.
  await box.fill('contacts');
  await expect(results.getByText('No results for “contacts”.')).toBeVisible();

  // Their company opens as the stores it operates (its own page is the franchisor's).
  await box.fill('bagels');
  await expect(results.getByRole('option')).toHaveText([/^North Bagels LLC/]);
  await results.getByRole('option', { name: 'North Bagels LLC' }).click();
  await expect(page).toHaveURL(new RegExp(`/stores\\?company_id=${north.id}$`));
  await expect(page.getByRole('row', { name: /Harbor North/ })).toBeVisible();

  // Their store opens its page from the keyboard.
  await page.keyboard.press('Control+K');
  await box.fill('harbor');
  await expect(results.getByRole('option', { name: 'Harbor North' })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stores/${northStore.id}$`));
  await expect(page.getByRole('heading', { name: 'Harbor North' })).toBeVisible();
});
