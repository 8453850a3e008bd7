import { test as base, expect } from '@playwright/test';

// Specs import `test` (and everything else of Playwright's) from here, so every page they open is watched.
export * from '@playwright/test';

/**
 * Fails any test whose page broke the Content-Security-Policy (apps/server/src/platform/http-security.ts):
 * a blocked script, style, image or connection is a bug the user would see as a missing feature, and a
 * new inline script or third-party host must be a deliberate CSP change, not a silent console error.
 * Chromium reports each violation on the console and fires `securitypolicyviolation` in the page.
 *
 * Fails it as well on any other console error or warning of any page of the test (a request answered
 * 4xx/5xx, a React or React Router warning): a clean console is part of a working page. A test that
 * provokes one on purpose (a forced 500, going offline) names it with `allowConsole(pattern)` first.
 * Pages opened in a context the test makes itself (`browser.newContext()`) are not watched.
 */
export const test = base.extend<{
  cspGuard: void;
  consoleAllowed: RegExp[];
  allowConsole: (pattern: RegExp) => void;
}>({
  // Playwright needs the destructuring form for a fixture's arguments, even when it uses none of them.
  // eslint-disable-next-line no-empty-pattern
  consoleAllowed: async ({}, use) => {
    await use([]);
  },
  allowConsole: async ({ consoleAllowed }, use) => {
    await use((pattern) => {
      consoleAllowed.push(pattern);
    });
  },
  cspGuard: [
    async ({ context, consoleAllowed }, use, testInfo) => {
      const violations: string[] = [];
      const noise: string[] = [];
      context.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy/i.test(text)) violations.push(text);
        else if (
          (message.type() === 'error' || message.type() === 'warning') &&
          !consoleAllowed.some((pattern) => pattern.test(text))
        ) {
          const { url, lineNumber } = message.location();
          // The test machine's network is closed: another host's resource (map tiles) cannot load here, but does for users.
          if (
            /^Failed to load resource: net::/.test(text) &&
            url &&
            new URL(url).origin !== new URL(testInfo.project.use.baseURL ?? url).origin
          )
            return;
          // A 422 (invalid input) or 409 (a conflict, a duplicate) is the server's answer to what the user did, which
          // the page shows beside the field or in a dialog: an outcome the test drives, not noise. Any other status is.
          if (/^Failed to load resource: the server responded with a status of (409|422) /.test(text)) return;
          noise.push(
            `${message.type()}: ${text} (${url}:${lineNumber} on ${message.page()?.url() ?? 'a worker'})`,
          );
        }
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use();
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
      // A failing test reports its own failure; the console is judged only once everything else passed.
      if (testInfo.status === testInfo.expectedStatus)
        expect(noise, 'the console showed errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});
