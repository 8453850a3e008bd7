import { daysFromToday } from '../../lib/format';

export type DeadlineBucket = 'within30' | 'within90' | 'within365' | 'later';

/** Marker and legend colours (Tailwind red-600, amber-500, blue-600, gray-400): urgent reads as warm. */
export const BUCKET_COLORS: Record<DeadlineBucket, { fill: string; stroke: string }> = {
  within30: { fill: '#dc2626', stroke: '#991b1b' },
  within90: { fill: '#f59e0b', stroke: '#b45309' },
  within365: { fill: '#2563eb', stroke: '#1e40af' },
  later: { fill: '#9ca3af', stroke: '#4b5563' },
};
export const BUCKETS = Object.keys(BUCKET_COLORS) as DeadlineBucket[];

/** How urgent a store's nearest open deadline is, counted in calendar days from today. */
export function bucketOf(deadline: string | null, today = new Date()): DeadlineBucket {
  if (!deadline) return 'later';
  const days = daysFromToday(deadline, today);
  if (days <= 30) return 'within30';
  if (days <= 90) return 'within90';
  if (days <= 365) return 'within365';
  return 'later';
}
