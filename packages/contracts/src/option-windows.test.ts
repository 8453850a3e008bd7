import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLIDAY_CALENDAR } from './critical-dates';
import { optionNoticeWindows, type OptionNoticeTerms } from './leases';

const dates = {
  commencement_date: '2024-03-01',
  rent_commencement_date: null,
  expiration_date: '2027-02-28',
};
const renewal: OptionNoticeTerms = {
  kind: 'renewal',
  count: 2,
  length_months: 60,
  notice: null,
  notice_days: 180,
  notice_from: 'expiration',
  status: 'open',
  exercised_count: 0,
};
const calendar = DEFAULT_HOLIDAY_CALENDAR;

describe('option notice windows (the server deadlines and the form preview)', () => {
  it('gives a renewal option one window per renewal, each from the end of the term before it', () => {
    const windows = optionNoticeWindows(renewal, dates, { calendar, today: '2026-01-01' });
    expect(windows.map((w) => [w.term_end, w.window.latest.date, w.state])).toEqual([
      ['2027-02-28', '2026-09-01', 'open'],
      ['2032-02-29', '2031-09-02', 'future'],
    ]);
    expect(windows[0]!.renewal).toEqual({ start: '2027-03-01', end: '2032-02-29' });
  });

  it('lapses a window whose last day is before today, and names no state without a today', () => {
    expect(optionNoticeWindows(renewal, dates, { calendar, today: '2026-09-02' })[0]!.state).toBe('lapsed');
    const termination = { ...renewal, kind: 'termination', count: 1, length_months: null, notice_days: 90 };
    expect(optionNoticeWindows(termination, dates, { calendar, today: '2027-01-01' })[0]!.state).toBe(
      'lapsed',
    );
    expect(optionNoticeWindows(termination, dates, { calendar })[0]!.state).toBe('open');
  });

  it('has no window for an option other than a renewal without an expiration date', () => {
    const termination = { ...renewal, kind: 'termination', length_months: null };
    expect(optionNoticeWindows(termination, { ...dates, expiration_date: null }, { calendar })).toEqual([]);
    expect(optionNoticeWindows(termination, dates, { calendar })).toHaveLength(1);
  });

  it("counts with the team's conventions unless the rule names its own", () => {
    const byDays = {
      ...renewal,
      notice: {
        earliest: null,
        latest: {
          anchor: 'term_end' as const,
          amount: 10,
          unit: 'days' as const,
          direction: 'before' as const,
        },
        business_day: 'none' as const,
      },
    };
    const exclusive = optionNoticeWindows(byDays, dates, {
      calendar,
      conventions: { day_count: 'exclusive', lease_months: 'anniversary' },
    });
    const inclusive = optionNoticeWindows(byDays, dates, {
      calendar,
      conventions: { day_count: 'inclusive', lease_months: 'anniversary' },
    });
    expect(exclusive[0]!.window.latest.date).toBe('2027-02-18');
    expect(inclusive[0]!.window.latest.date).toBe('2027-02-19');
    const named = { ...byDays, notice: { ...byDays.notice, day_count: 'exclusive' as const } };
    expect(
      optionNoticeWindows(named, dates, {
        calendar,
        conventions: { day_count: 'inclusive', lease_months: 'anniversary' },
      })[0]!.window.latest.date,
    ).toBe('2027-02-18');
  });
});
