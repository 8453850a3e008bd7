import { z } from 'zod';
import { DISTANCE_UNITS, MAX_POLYGON_VERTICES, MAX_TERRITORY_KM } from './geo';
import { dollarsField, numericText, oneOf, optionalString, validationMessage } from './validation';

// ---------- transfers of a franchise agreement from one franchisee to another ----------

/** requested → approved → completed, or requested/approved → rejected. */
export const TRANSFER_STATUSES = ['requested', 'approved', 'rejected', 'completed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_ACTIONS = ['approve', 'reject', 'complete'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];
/** The status each action leaves, and the statuses it may start from. */
export const TRANSFER_STEPS: Record<TransferAction, { to: TransferStatus; from: readonly TransferStatus[] }> =
  {
    approve: { to: 'approved', from: ['requested'] },
    reject: { to: 'rejected', from: ['requested', 'approved'] },
    complete: { to: 'completed', from: ['approved'] },
  };

const requiredRef = (label: string) =>
  z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', label) })
      .int({ error: validationMessage('in', label) })
      .positive({ error: validationMessage('in', label) })
      .max(2_147_483_647, { error: validationMessage('in', label) }),
  );

export const transferInputSchema = z.object({
  to_company_id: requiredRef('new franchisee'),
  fee: dollarsField('transfer fee'),
  effective_date: z.iso.date({ error: validationMessage('date', 'effective date') }),
  note: optionalString('note', 2000),
});
export type TransferInput = z.input<typeof transferInputSchema>;

export const transferActionInputSchema = z.object({ note: optionalString('note', 2000) });
export type TransferActionInput = z.input<typeof transferActionInputSchema>;

export const transferParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  transferId: z.coerce.number().int().positive(),
});

const personRef = z.object({ id: z.number().int(), name: z.string() }).nullable();
const companyRef = z.object({ id: z.number().int(), name: z.string() });

export const transferStepSchema = z.object({
  status: z.enum(TRANSFER_STATUSES),
  by: personRef,
  at: z.string(),
});

export const transferSchema = z.object({
  id: z.number().int(),
  agreement_id: z.number().int(),
  from_company: companyRef.nullable(),
  to_company: companyRef.nullable(),
  fee: z.number(),
  effective_date: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  steps: z.array(transferStepSchema),
  abilities: z.object({ approve: z.boolean(), reject: z.boolean(), complete: z.boolean() }),
});
export type Transfer = z.infer<typeof transferSchema>;

export const agreementTransfersSchema = z.object({
  agreement_id: z.number().int(),
  transfers: z.array(transferSchema),
  abilities: z.object({ request: z.boolean() }),
});
export type AgreementTransfers = z.infer<typeof agreementTransfersSchema>;

/** One period of a store's operating company; `from` null is "since before the history was kept". */
export const ownershipPeriodSchema = z.object({
  company: companyRef.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  transfer: z
    .object({ id: z.number().int(), agreement_id: z.number().int(), agreement_number: z.string().nullable() })
    .nullable(),
});
export type OwnershipPeriod = z.infer<typeof ownershipPeriodSchema>;

// ---------- territories ----------

export const TERRITORY_KINDS = ['radius', 'polygon'] as const;
export type TerritoryKind = (typeof TERRITORY_KINDS)[number];
export const MAX_TERRITORY_RADIUS = MAX_TERRITORY_KM / 2;

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', label) })
      .min(-limit, { error: validationMessage('between', label, { min: -limit, max: limit }) })
      .max(limit, { error: validationMessage('between', label, { min: -limit, max: limit }) }),
  );

export const latLngSchema = z.object({ lat: coordinate('latitude', 90), lng: coordinate('longitude', 180) });

/**
 * A territory is a radius around a centre or a polygon; the fields of the other kind are ignored. The ring's
 * geometry (distinct points, crossing sides, width) is checked by `checkPolygon` in the service.
 */
export const territoryInputSchema = z
  .object({
    kind: oneOf(TERRITORY_KINDS, 'kind'),
    center: latLngSchema.nullish(),
    radius: z
      .preprocess(
        numericText,
        z
          .number({ error: validationMessage('required', 'radius') })
          .gt(0, { error: validationMessage('between', 'radius', { min: 0, max: MAX_TERRITORY_RADIUS }) })
          .max(MAX_TERRITORY_RADIUS, {
            error: validationMessage('between', 'radius', { min: 0, max: MAX_TERRITORY_RADIUS }),
          }),
      )
      .nullish(),
    radius_unit: oneOf(DISTANCE_UNITS, 'unit').default('mi'),
    points: z
      .array(latLngSchema, { error: validationMessage('required', 'points') })
      // One more than the vertices: a closed ring repeats its first point.
      .max(MAX_POLYGON_VERTICES + 1, { error: `A polygon may have at most ${MAX_POLYGON_VERTICES} points.` })
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'radius') {
      if (!value.center)
        ctx.addIssue({ code: 'custom', path: ['center'], message: validationMessage('required', 'centre') });
      if (value.radius === null || value.radius === undefined)
        ctx.addIssue({ code: 'custom', path: ['radius'], message: validationMessage('required', 'radius') });
    } else if (!value.points)
      ctx.addIssue({ code: 'custom', path: ['points'], message: validationMessage('required', 'points') });
  });
export type TerritoryInput = z.input<typeof territoryInputSchema>;

export const territorySchema = z.object({
  kind: z.enum(TERRITORY_KINDS),
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  radius: z.number().nullable(),
  radius_unit: z.enum(DISTANCE_UNITS),
  points: z.array(z.object({ lat: z.number(), lng: z.number() })),
  updated_at: z.string(),
});
export type Territory = z.infer<typeof territorySchema>;

export const territoryOverlapSchema = z.object({
  agreement_id: z.number().int(),
  agreement_number: z.string().nullable(),
  franchisee: companyRef.nullable(),
  exclusive: z.boolean(),
});
export type TerritoryOverlap = z.infer<typeof territoryOverlapSchema>;

export const agreementTerritorySchema = z.object({
  agreement_id: z.number().int(),
  /** The agreement's own `territory_exclusive`. */
  exclusive: z.boolean(),
  territory: territorySchema.nullable(),
  /** Same-brand territories that share ground with this one where either is exclusive. */
  overlaps: z.array(territoryOverlapSchema),
  /** The convention distances are figured with, to show beside them. */
  earth_radius_km: z.number(),
  abilities: z.object({ update: z.boolean() }),
});
export type AgreementTerritory = z.infer<typeof agreementTerritorySchema>;
