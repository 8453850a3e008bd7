import { z } from 'zod';
import { blankToNull, numericText, oneOf, validationMessage } from './validation';

/**
 * An area development agreement's development schedule: the units the developer must open, each by a date.
 * A unit whose open-by date has passed while it is neither open nor terminated is behind schedule.
 */
export const DEVELOPMENT_UNIT_STATUSES = [
  'planned',
  'site_found',
  'under_construction',
  'open',
  'terminated',
] as const;
export type DevelopmentUnitStatus = (typeof DEVELOPMENT_UNIT_STATUSES)[number];
/** Units at these statuses have met or left the schedule: they are never behind it. */
export const SETTLED_DEVELOPMENT_STATUSES: readonly DevelopmentUnitStatus[] = ['open', 'terminated'];
export const MAX_DEVELOPMENT_UNITS = 500;

export const developmentUnitInputSchema = z.object({
  unit_number: z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', 'unit number') })
      .int({ error: validationMessage('integer', 'unit number') })
      .min(1, { error: validationMessage('between', 'unit number', { min: 1, max: 10_000 }) })
      .max(10_000, { error: validationMessage('between', 'unit number', { min: 1, max: 10_000 }) }),
  ),
  open_by: z.iso.date({ error: validationMessage('date', 'open by') }),
  store_id: z.preprocess(
    (v) => blankToNull(numericText(v)),
    z
      .number({ error: validationMessage('integer', 'store') })
      .int({ error: validationMessage('integer', 'store') })
      .min(1, { error: validationMessage('integer', 'store') })
      .max(2_147_483_647, { error: validationMessage('integer', 'store') })
      .nullable(),
  ),
  status: oneOf(DEVELOPMENT_UNIT_STATUSES, 'status').default('planned'),
});
export type DevelopmentUnitInput = z.input<typeof developmentUnitInputSchema>;

/** The whole schedule is saved at once: units not sent are removed. */
export const developmentScheduleInputSchema = z.object({
  units: z
    .array(developmentUnitInputSchema, { error: validationMessage('required', 'units') })
    .max(MAX_DEVELOPMENT_UNITS, { error: `A schedule may have at most ${MAX_DEVELOPMENT_UNITS} units.` }),
});
export type DevelopmentScheduleInput = z.input<typeof developmentScheduleInputSchema>;

export const developmentUnitSchema = z.object({
  unit_number: z.number().int(),
  open_by: z.string(),
  store: z.object({ id: z.number(), name: z.string() }).nullable(),
  status: z.enum(DEVELOPMENT_UNIT_STATUSES),
  behind_schedule: z.boolean(),
});
export type DevelopmentUnit = z.infer<typeof developmentUnitSchema>;

export const developmentScheduleSchema = z.object({
  agreement_id: z.number(),
  units: z.array(developmentUnitSchema),
  behind_schedule: z.number().int(),
  abilities: z.object({ update: z.boolean() }),
});
export type DevelopmentSchedule = z.infer<typeof developmentScheduleSchema>;
