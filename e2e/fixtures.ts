import { test as base, expect } from '@playwright/test';

// Specs import `test` (and everything else of Playwright's) from here, so every page they open is watched.
export * from '@playwright/test';

/**
 * Fails any test whose page broke the Content-Security-Policy (apps/server/src/platform/http-security.ts):
 * a blocked script, style, image or connection is a bug the user would see as a missing feature, and a
 * new inline script or third-party host must be a deliberate CSP change, not a silent console error.
 * Chromium reports each violation on the console and fires `securitypolicyviolation` in the page.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await use();
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});
