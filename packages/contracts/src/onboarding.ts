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

/** GET /getting-started: the steps, and whether the team's example portfolio is loaded. */
export const gettingStartedStatusSchema = gettingStartedSchema.extend({ example_portfolio: z.boolean() });
export type GettingStartedStatus = z.infer<typeof gettingStartedStatusSchema>;

/** What an example portfolio holds: the record types it creates, each with a trash but sales figures. */
export const EXAMPLE_RECORD_TYPES = [
  'companies',
  'brands',
  'contacts',
  'stores',
  'leases',
  'agreements',
  'sales',
] as const;
export type ExampleRecordType = (typeof EXAMPLE_RECORD_TYPES)[number];

/** POST /example-portfolio: how many records of each type it created. */
export const exampleLoadedSchema = z.object({
  created: z.record(z.enum(EXAMPLE_RECORD_TYPES), z.number().int()),
});
export type ExampleLoaded = z.infer<typeof exampleLoadedSchema>;

const exampleRecordRefSchema = z.object({
  type: z.enum(EXAMPLE_RECORD_TYPES),
  id: z.number().int(),
  name: z.string(),
});
export type ExampleRecordRef = z.infer<typeof exampleRecordRefSchema>;

/**
 * DELETE /example-portfolio: `removed` example records went to the trash (sales figures were deleted);
 * `edited` are those of them the team had changed since; `kept` stayed because a record of the team's own
 * refers to them (they are the team's records now).
 */
export const exampleRemovedSchema = z.object({
  removed: z.number().int(),
  edited: z.array(exampleRecordRefSchema),
  kept: z.array(exampleRecordRefSchema),
});
export type ExampleRemoved = z.infer<typeof exampleRemovedSchema>;
