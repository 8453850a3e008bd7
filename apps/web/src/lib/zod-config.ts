import { config } from 'zod/v4/core';

/**
 * Zod compiles object schemas with `new Function` when the page allows eval, and probes for that when a
 * schema is built: under the server's CSP (no 'unsafe-eval') the probe is a reported violation. jitless
 * skips probe and compiler; parsing form fields is just as quick. main.tsx imports this first, before
 * any module builds a schema, and checks the value, so the bundler cannot drop it as unused.
 */
export const zodSettings = config({ jitless: true });
