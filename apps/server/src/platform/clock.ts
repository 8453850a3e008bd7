/** All timestamps are UTC ISO-8601 strings on both databases, so they compare and sort as text. */
export const nowIso = () => new Date().toISOString();
export const addMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();
