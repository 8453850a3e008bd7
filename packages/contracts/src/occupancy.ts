import { z } from 'zod';
import { addCalendarDays, addCalendarMonths } from './critical-dates';

/**
 * Occupancy cost (decision 0027): rent + charges + percentage rent over the trailing twelve months, and its
 * share of the store's sales over the same months. The trailing twelve months are the twelve whole calendar
 * months before the current one in the team's time zone; a month without reported sales makes the ratio
 * incomplete (its months named), never a silent zero.
 */
export function trailingTwelveMonths(today: string): { start: string; end: string; months: string[] } {
  const thisMonth = `${today.slice(0, 7)}-01`;
  const start = addCalendarMonths(thisMonth, -12);
  const months = Array.from({ length: 12 }, (_, k) => addCalendarMonths(start, k).slice(0, 7));
  return { start, end: addCalendarDays(thisMonth, -1), months };
}

/** A ratio (0.0734) as the percent people read (7.34 %), to two decimals. */
export const ratioPercent = (ratio: number) => Math.round(ratio * 10_000) / 100;

export const occupancyFigureSchema = z.object({
  /** The window: first and last day of the trailing twelve months. */
  period: z.object({ start: z.string(), end: z.string() }),
  rent: z.number(),
  charges: z.number(),
  percentage_rent: z.number(),
  /** rent + charges + percentage_rent, dollars. */
  occupancy_cost: z.number(),
  /** Sales reported in the window's months. */
  sales: z.number(),
  /** occupancy_cost ÷ sales; null while a month is missing or nothing was sold. */
  ratio: z.number().nullable(),
  complete: z.boolean(),
  /** Months (YYYY-MM) of the window with no sales figure. */
  missing_months: z.array(z.string()),
});
export type OccupancyFigure = z.infer<typeof occupancyFigureSchema>;

export const occupancyOptionSchema = z.object({
  lease: z.object({ id: z.number().int(), reference: z.string().nullable() }),
  /** The option's position on the lease, as `/leases/{id}/options/{position}` names it. */
  position: z.number().int(),
  kind: z.string(),
  /** The open (or next) notice window's last day, and the renewal term it would start. */
  notice_deadline: z.string(),
  renewal_start: z.string(),
  /** The lease's monthly rent in force today and the scheduled monthly rent at the renewal's start. */
  monthly_rent_today: z.number(),
  monthly_rent_at_option: z.number().nullable(),
  ratio_today: z.number().nullable(),
  /** The ratio with this lease's trailing rent replaced by twelve months at the option's rent. */
  ratio_at_option: z.number().nullable(),
});
export type OccupancyOption = z.infer<typeof occupancyOptionSchema>;

export const storeOccupancySchema = occupancyFigureSchema.extend({
  store: z.object({ id: z.number().int(), name: z.string() }),
  /** Per lease of the store (signed leases only), what it added. */
  leases: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string().nullable(),
      rent: z.number(),
      charges: z.number(),
      percentage_rent: z.number(),
    }),
  ),
  /** Renewal options whose notice window is open or still to come. */
  options: z.array(occupancyOptionSchema),
});
export type StoreOccupancy = z.infer<typeof storeOccupancySchema>;

export const OCCUPANCY_RANKING_LIMIT = 10;

export const occupancyRankingSchema = z.object({
  period: z.object({ start: z.string(), end: z.string() }),
  /** Stores with a complete figure, highest ratio first (at most OCCUPANCY_RANKING_LIMIT). */
  stores: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      ratio: z.number(),
      /** The median ratio of the brand's stores with a complete figure (null: the store has no brand). */
      brand_median: z.number().nullable(),
    }),
  ),
  /** Live stores without a ratio (a month of the window without sales, or none sold), left out of the ranking. */
  incomplete: z.number().int(),
});
export type OccupancyRanking = z.infer<typeof occupancyRankingSchema>;
