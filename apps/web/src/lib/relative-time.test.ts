import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './relative-time';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const ahead = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says when a past moment was, in the largest unit that fits', () => {
    expect(formatRelativeTime(ago(5), now)).toBe('now');
    expect(formatRelativeTime(ago(44), now)).toBe('now');
    expect(formatRelativeTime(ago(50), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(10 * 60), now)).toBe('10 minutes ago');
    expect(formatRelativeTime(ago(50 * 60), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(5 * 3600), now)).toBe('5 hours ago');
    expect(formatRelativeTime(ago(23 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(27 * 86400), now)).toBe('last month');
    expect(formatRelativeTime(ago(75 * 86400), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(400 * 86400), now)).toBe('last year');
    expect(formatRelativeTime(ago(3 * 365 * 86400), now)).toBe('3 years ago');
  });

  it('says when a future moment comes', () => {
    expect(formatRelativeTime(ahead(20), now)).toBe('now');
    expect(formatRelativeTime(ahead(2 * 3600), now)).toBe('in 2 hours');
    expect(formatRelativeTime(ahead(86400), now)).toBe('tomorrow');
    expect(formatRelativeTime(ahead(62 * 86400), now)).toBe('in 2 months');
  });

  it('returns an unreadable value as it is', () => {
    expect(formatRelativeTime('not a date', now)).toBe('not a date');
    expect(formatExactTime('not a date')).toBe('not a date');
  });

  it('gives the exact date and time for the hover title', () => {
    expect(formatExactTime('2026-11-24T12:00:00Z')).toMatch(
      /^Tuesday, November 24, 2026 at \d{1,2}:00\s?[AP]M$/,
    );
  });
});
