import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures';
import { apiCall, gotoSettled, keepScreenshots, registerViaApi, uniqueEmail } from '../support';

/**
 * The screenshot set: every page at a desktop and a phone size, in light and dark mode (the app
 * follows the system setting), written to e2e/artifacts/screenshots/set/ for people to look at (`npm run
 * screenshots`). Each run, with or without the pictures,
 * checks what a broken theme would show: the page renders its heading, the background follows the scheme,
 * and dark mode has no serious contrast failure on its pages.
 */
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const PUBLIC_PAGES = ['/', '/login', '/register', '/password/reset'];
const APP_PAGES = [
  '/dashboard',
  '/companies',
  '/companies/:company',
  '/brands',
  '/stores',
  '/stores/:store',
  '/stores/create',
  '/contacts',
  '/leases',
  '/leases/:lease',
  '/agreements',
  '/agreements/:agreement',
  '/documents',
  '/reminders',
  '/sales',
  '/import',
  '/activities',
  '/account/profile',
  '/account/team',
  '/account/attributes',
];
const PAGE_PARTS = [
  ['public and record pages', { public: PUBLIC_PAGES, app: APP_PAGES.slice(0, 10) }],
  ['money, import and account pages', { public: [], app: APP_PAGES.slice(10) }],
] as const;
const folder = path.resolve(import.meta.dirname, '../artifacts/screenshots/set');

/**
 * Relative luminance (WCAG, 0 black to 1 white) of the page's background: the browser paints the computed
 * colour (Tailwind's are oklch) into a canvas pixel and reads it back as sRGB.
 */
async function backgroundLuminance(page: Page): Promise<number> {
  const [r, g, b] = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    // The first painted background from the page's main layout up: body, then the root element.
    for (const element of [
      document.querySelector('main')?.parentElement,
      document.body,
      document.documentElement,
    ]) {
      if (!element) continue;
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const pixel = [...context.getImageData(0, 0, 1, 1).data];
      if (pixel[3]! > 0) return pixel.slice(0, 3);
    }
    return [0, 0, 0];
  });
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

async function seed(page: Page) {
  await registerViaApi(page.request, { name: 'Sasha Shots', email: uniqueEmail('shots') });
  const company = await apiCall(page.request, 'POST', '/companies', {
    name: 'Harbor Holdings',
    kind: 'franchisee',
    city: 'Austin',
  });
  const brand = await apiCall(page.request, 'POST', '/brands', { name: 'Sunrise Coffee' });
  const store = await apiCall(page.request, 'POST', '/stores', {
    name: 'Riverside',
    brand_id: brand.id,
    company_id: company.id,
    city: 'Austin',
    status: 'open',
  });
  await apiCall(page.request, 'POST', '/contacts', {
    first_name: 'Dana',
    last_name: 'Reyes',
    company_id: company.id,
    email: 'dana@example.test',
  });
  const lease = await apiCall(page.request, 'POST', '/leases', {
    store_id: store.id,
    reference: 'L-100',
    status: 'active',
    type: 'nnn',
    commencement_date: '2024-01-01',
    expiration_date: '2029-12-31',
  });
  const agreement = await apiCall(page.request, 'POST', '/agreements', {
    brand_id: brand.id,
    franchisee_id: company.id,
    agreement_number: 'FA-7',
    store_ids: [store.id],
    royalty_percent: 6,
  });
  return { company: company.id, store: store.id, lease: lease.id, agreement: agreement.id } as Record<
    string,
    number
  >;
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test.describe(`${size} ${scheme}`, () => {
      test.use({
        viewport,
        colorScheme: scheme,
        ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
      });

      // Two tests a size and scheme, each with its own team: a whole set in one test took 43 s on a quiet
      // machine and over 100 s on a loaded one.
      for (const [part, pages] of PAGE_PARTS)
        test(`${part} at ${viewport.width}×${viewport.height} in ${scheme} mode`, async ({ page }) => {
          test.setTimeout(120_000);
          fs.mkdirSync(folder, { recursive: true });
          const contrast: Record<string, string[]> = {};
          const shoot = async (route: string, url: string) => {
            await gotoSettled(page, url);
            await expect(page.getByRole('heading').first(), url).toBeVisible();
            const background = await backgroundLuminance(page);
            expect(
              scheme === 'dark' ? background < 0.05 : background > 0.8,
              `${url} background follows ${scheme} mode`,
            ).toBe(true);
            const name = route === '/' ? 'home' : route.slice(1).replace(/[/:]+/g, '-');
            if (keepScreenshots)
              await page.screenshot({
                path: path.join(folder, `${name}-${size}-${scheme}.png`),
                fullPage: true,
              });
            // Contrast is what dark mode can break; one size is enough to check it.
            if (scheme === 'dark' && size === 'desktop') {
              const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
              const serious = results.violations.filter(
                (v) => v.impact === 'serious' || v.impact === 'critical',
              );
              if (serious.length)
                contrast[url] = serious.flatMap((v) => v.nodes.slice(0, 3).map((n) => n.target.join(' ')));
            }
          };
          for (const route of pages.public) await shoot(route, route);
          const ids = await seed(page);
          for (const route of pages.app)
            await shoot(
              route,
              route.replace(/:(\w+)/, (_m, key: string) => String(ids[key])),
            );
          expect(contrast).toEqual({});
        });
    });
  }
}
