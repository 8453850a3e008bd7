import type { $ZodConfig } from 'zod/v4/core';

declare global {
  // zod's settings object (zod/v4/core/core.js): zod takes the one already here when it loads.
  var __zod_globalConfig: $ZodConfig | undefined;
}

/**
 * Zod compiles object schemas with `new Function` when the page allows eval, and probes for that when a
 * schema is built: under the server's CSP (no 'unsafe-eval') the probe is a reported violation. jitless
 * skips probe and compiler; parsing form fields is just as quick. Set where zod reads its settings rather
 * than through `z.config()`, so the first load need not carry zod (about 10 KB the dashboard's first paint
 * never uses): main.tsx imports this before anything else; zod-config.test.ts holds zod to reading it.
 */
export const zodSettings: $ZodConfig = Object.assign((globalThis.__zod_globalConfig ??= {}), {
  jitless: true,
});
