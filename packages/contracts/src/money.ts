/**
 * Money crosses the API in dollars and is stored in integer cents (spec §9). The one rounding between the
 * two, and the one "at most two decimals" check, for forms and the server alike.
 */
export function toCents(dollars: number): number;
export function toCents(dollars: number | null | undefined): number | null;
export function toCents(dollars: number | null | undefined): number | null {
  return dollars === null || dollars === undefined ? null : Math.round(dollars * 100);
}

/** Stored cents (a database may hand a bigint column over as a string) as dollars. */
export function toDollars(cents: number | string): number;
export function toDollars(cents: number | string | null): number | null;
export function toDollars(cents: number | string | null): number | null {
  return cents === null ? null : Number(cents) / 100;
}

/** Whether an amount in dollars is whole cents; 0.1 + 0.2 still counts (binary fractions are not exact). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;
}
