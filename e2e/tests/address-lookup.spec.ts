import { expect, test } from '../fixtures';
import { registerViaApi, uniqueEmail } from '../support';

/** A stand-in for the Maps JavaScript API: an Autocomplete whose place the test chooses. */
const FAKE_MAPS = `
  window.google = { maps: { places: { Autocomplete: class {
    constructor(input) { this.input = input; this.handlers = []; window.__autocompleteInput = input; window.__autocomplete = this; }
    addListener(event, handler) { if (event === 'place_changed') this.handlers.push(handler); }
    getPlace() { return window.__place; }
  } } } };`;

test('without a Maps key the address fields stay plain and no Google script loads', async ({ page }) => {
  await registerViaApi(page.request, { name: 'Plain Paula', email: uniqueEmail('plain') });
  await page.goto('/stores/create');
  await expect(page.getByLabel('Address line 1')).toBeVisible();
  await expect(page.locator('script[src*="maps.googleapis.com"]')).toHaveCount(0);
});

test('with a Maps key, picking a place fills the store address and its coordinates', async ({ page }) => {
  await registerViaApi(page.request, { name: 'Geo Gina', email: uniqueEmail('geo') });
  await page.route('**/app/api/v1/app-config', (route) =>
    route.fulfill({ json: { data: { maps_api_key: 'test-browser-key' } } }),
  );
  await page.route('https://maps.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_MAPS }),
  );
  // A server with GOOGLE_MAPS_API_KEY allows the Maps script in its CSP (platform/http-security.ts); this
  // one has no key, so the page's CSP is given the same host the way app-config is given the key above.
  await page.route('**/stores/create', async (route) => {
    const response = await route.fetch();
    const csp = (response.headers()['content-security-policy'] ?? '').replace(
      "script-src 'self'",
      "script-src 'self' https://maps.googleapis.com",
    );
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
  });
  await page.goto('/stores/create');
  await expect(
    page.locator('script[src*="maps.googleapis.com/maps/api/js?key=test-browser-key&libraries=places"]'),
  ).toHaveCount(1);
  await page.waitForFunction(
    () => (window as unknown as { __autocompleteInput?: HTMLElement }).__autocompleteInput !== undefined,
  );
  await page.evaluate(() => {
    const w = window as unknown as { __place: unknown; __autocomplete: { handlers: Array<() => void> } };
    w.__place = {
      address_components: [
        { long_name: '1600', short_name: '1600', types: ['street_number'] },
        { long_name: 'Congress Avenue', short_name: 'Congress Ave', types: ['route'] },
        { long_name: 'Austin', short_name: 'Austin', types: ['locality'] },
        { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1'] },
        { long_name: '78701', short_name: '78701', types: ['postal_code'] },
        { long_name: 'United States', short_name: 'US', types: ['country'] },
      ],
      geometry: { location: { lat: () => 30.2746652, lng: () => -97.7403505 } },
    };
    for (const handler of w.__autocomplete.handlers) handler();
  });
  await expect(page.getByLabel('Address line 1')).toHaveValue('1600 Congress Avenue');
  await expect(page.getByLabel('City')).toHaveValue('Austin');
  await expect(page.getByLabel('State / region')).toHaveValue('TX');
  await expect(page.getByLabel('Postal code')).toHaveValue('78701');
  await expect(page.getByLabel('Latitude')).toHaveValue('30.274665');
  await expect(page.getByLabel('Longitude')).toHaveValue('-97.740351');
});
