import { z } from 'zod';

/** The first steps a new team takes, in the order the dashboard's checklist shows them. */
export const GETTING_STARTED_STEPS = ['brand', 'store', 'lease', 'import', 'colleague'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** GET /getting-started: which first steps the team has taken (a record exists, an import ran, a colleague joined or was invited). */
export const gettingStartedSchema = z.object(
  Object.fromEntries(GETTING_STARTED_STEPS.map((step) => [step, z.boolean()])) as Record<
    GettingStartedStep,
    z.ZodBoolean
  >,
);
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
