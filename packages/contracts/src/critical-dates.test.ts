import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  describeComputedDate,
  endOfLeaseMonth,
  escalateCents,
  freeRentUntil,
  hourIn,
  leaseTermMonths,
  noticeWindow,
  offsetDate,
  renewalChain,
  renewalTerm,
  rentInForce,
  rollToBusinessDay,
  todayIn,
  usFederalHolidays,
  windowProblem,
  type NoticeRule,
} from './critical-dates';

const twelveToSixMonths: NoticeRule = {
  earliest: { anchor: 'term_end', amount: 12, unit: 'months', direction: 'before' },
  latest: { anchor: 'term_end', amount: 6, unit: 'months', direction: 'before' },
  business_day: 'none',
};

describe('calendar months', () => {
  it('clamps to the last day of a shorter month instead of spilling over', () => {
    expect(addCalendarMonths('2026-12-31', -6)).toBe('2026-06-30');
    expect(addCalendarMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2023-03-31', -1)).toBe('2023-02-28');
    expect(addCalendarMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('does not snap to month ends: each date comes from its own anchor', () => {
    expect(addCalendarMonths('2026-06-30', 6)).toBe('2026-12-30');
    expect(offsetDate('2026-12-31', { amount: 6, unit: 'months', direction: 'before' })).toBe('2026-06-30');
    expect(offsetDate('2026-12-31', { amount: 1, unit: 'years', direction: 'before' })).toBe('2025-12-31');
    expect(offsetDate('2028-02-29', { amount: 1, unit: 'years', direction: 'after' })).toBe('2029-02-28');
  });

  it('counts days after an anchor without the anchor day by default, and with it when the clause says so', () => {
    const within90 = { amount: 90, unit: 'days', direction: 'after' } as const;
    expect(offsetDate('2027-02-28', within90)).toBe('2027-05-29');
    expect(offsetDate('2027-02-28', within90, 'inclusive')).toBe('2027-05-28');
    expect(offsetDate('2026-12-31', { amount: 180, unit: 'days', direction: 'before' })).toBe('2026-07-04');
  });
});

describe('lease terms', () => {
  it('counts whole months through the expiration day, the same on every screen', () => {
    expect(leaseTermMonths('2024-03-01', '2027-02-28')).toBe(36);
    expect(leaseTermMonths('2024-01-01', '2033-12-31')).toBe(120);
    expect(leaseTermMonths('2024-03-15', '2027-03-14')).toBe(36);
    expect(leaseTermMonths('2024-03-15', '2027-03-13')).toBe(35);
    expect(leaseTermMonths('2024-02-29', '2029-02-28')).toBe(60);
    expect(leaseTermMonths('2024-03-01', null)).toBeNull();
    expect(leaseTermMonths('2027-03-01', '2024-03-01')).toBeNull();
  });

  it('ends lease month M by the anniversary or by the first full calendar month, as the setting says', () => {
    expect(endOfLeaseMonth('2024-03-15', 36)).toBe('2027-03-14');
    expect(endOfLeaseMonth('2024-03-15', 36, 'first_full_month')).toBe('2027-03-31');
    expect(endOfLeaseMonth('2024-03-01', 36, 'first_full_month')).toBe('2027-02-28');
    expect(endOfLeaseMonth('2024-03-01', 36, 'anniversary')).toBe('2027-02-28');
  });

  it('starts a renewal the day after the term and ends it the day before the anniversary', () => {
    expect(renewalTerm('2026-12-31', 60)).toEqual({ start: '2027-01-01', end: '2031-12-31' });
    // A term starting on 1 March can end on 29 February.
    expect(renewalTerm('2027-02-28', 60)).toEqual({ start: '2027-03-01', end: '2032-02-29' });
  });
});

describe('notice windows', () => {
  it('opens 12 and closes 6 calendar months before the term end', () => {
    const window = noticeWindow(twelveToSixMonths, {
      commencement_date: '2017-01-01',
      rent_commencement_date: null,
      expiration_date: '2026-12-31',
    })!;
    expect(window.earliest?.date).toBe('2025-12-31');
    expect(window.latest.date).toBe('2026-06-30');
    expect(describeComputedDate(window.latest)).toBe('6 months before the term end 2026-12-31');
  });

  it('chains two 5-year renewals: only the next window is open, the one after follows the exercise', () => {
    const dates = {
      commencement_date: '2017-01-01',
      rent_commencement_date: null,
      expiration_date: '2026-12-31',
    };
    const before = renewalChain({
      rule: twelveToSixMonths,
      dates,
      count: 2,
      length_months: 60,
      exercised: 0,
      today: '2026-01-15',
    });
    expect(before.map((w) => [w.state, w.window.earliest?.date, w.window.latest.date])).toEqual([
      ['open', '2025-12-31', '2026-06-30'],
      ['future', '2030-12-31', '2031-06-30'],
    ]);
    const after = renewalChain({
      rule: twelveToSixMonths,
      dates: { ...dates, expiration_date: '2031-12-31' },
      count: 2,
      length_months: 60,
      exercised: 1,
      today: '2026-05-01',
    });
    expect(after.map((w) => [w.state, w.term_end, w.window.earliest?.date, w.window.latest.date])).toEqual([
      ['exercised', '2026-12-31', '2025-12-31', '2026-06-30'],
      ['open', '2031-12-31', '2030-12-31', '2031-06-30'],
    ]);
    expect(after[1]!.renewal).toEqual({ start: '2032-01-01', end: '2036-12-31' });
    // A list's deadline needs the chain only up to the first renewal not yet exercised: the same windows, no more.
    const three = { rule: twelveToSixMonths, dates, count: 3, length_months: 60, today: '2026-01-15' };
    for (const exercised of [0, 1, 3]) {
      const whole = renewalChain({ ...three, exercised });
      expect(renewalChain({ ...three, exercised, currentOnly: true })).toEqual(
        whole.slice(0, Math.min(exercised + 1, 3)),
      );
    }
  });

  it('marks the open window lapsed once its latest date has passed, and closes the rest when waived', () => {
    const dates = { commencement_date: null, rent_commencement_date: null, expiration_date: '2026-12-31' };
    expect(
      renewalChain({
        rule: twelveToSixMonths,
        dates,
        count: 2,
        length_months: 60,
        exercised: 0,
        today: '2026-07-01',
      })[0]!.state,
    ).toBe('lapsed');
    expect(
      renewalChain({
        rule: twelveToSixMonths,
        dates,
        count: 2,
        length_months: 60,
        exercised: 0,
        today: '2026-06-30',
      })[0]!.state,
    ).toBe('open');
    expect(
      renewalChain({
        rule: twelveToSixMonths,
        dates,
        count: 2,
        length_months: 60,
        exercised: 0,
        closed: 'waived',
      }).map((w) => w.state),
    ).toEqual(['waived', 'waived']);
  });

  it('counts a kick-out right from the end of the 36th lease month', () => {
    const rule: NoticeRule = {
      earliest: { anchor: 'end_of_term_month', term_month: 36, amount: 0, unit: 'days', direction: 'after' },
      latest: { anchor: 'end_of_term_month', term_month: 36, amount: 90, unit: 'days', direction: 'after' },
      business_day: 'none',
    };
    const dates = {
      commencement_date: '2024-03-15',
      rent_commencement_date: null,
      expiration_date: '2034-03-14',
    };
    expect(noticeWindow(rule, dates)!.latest.date).toBe('2027-06-12');
    const fullMonths = noticeWindow({ ...rule, lease_months: 'first_full_month' }, dates)!;
    expect(fullMonths.latest.date).toBe('2027-06-29');
    expect(describeComputedDate(fullMonths.latest)).toBe(
      '90 days after the end of the 36th lease month 2027-03-31 (months counted from the first full calendar month)',
    );
  });

  it('has no date when the lease lacks the anchor, and says when a window is upside down', () => {
    expect(
      noticeWindow(twelveToSixMonths, {
        commencement_date: null,
        rent_commencement_date: null,
        expiration_date: null,
      }),
    ).toBeNull();
    const reversed = noticeWindow(
      { ...twelveToSixMonths, earliest: twelveToSixMonths.latest, latest: twelveToSixMonths.earliest! },
      { commencement_date: null, rent_commencement_date: null, expiration_date: '2026-12-31' },
    )!;
    expect(windowProblem(reversed)).toBe('earliest_after_latest');
  });
});

describe('business days', () => {
  it('lists US federal holidays as observed, Juneteenth only from 2021', () => {
    const names = (year: number) => usFederalHolidays(year).map((h) => `${h.date} ${h.name}`);
    expect(names(2026)).toContain('2026-07-03 Independence Day'); // 4 July 2026 is a Saturday
    expect(names(2026)).toContain('2026-11-26 Thanksgiving Day');
    expect(names(2026)).toContain('2026-05-25 Memorial Day');
    expect(names(2026)).toContain('2026-06-19 Juneteenth National Independence Day');
    expect(names(2020).some((line) => line.includes('Juneteenth'))).toBe(false);
    // 1 January 2022 was a Saturday: observed on Friday 31 December 2021, in 2021's list.
    expect(names(2021)).toContain('2021-12-31 New Year’s Day');
    expect(names(2022).some((line) => line.startsWith('2022-01-01'))).toBe(false);
    expect(usFederalHolidays(2026)).toHaveLength(11);
  });

  it('rolls a Saturday back to Friday and says why', () => {
    const window = noticeWindow(
      {
        earliest: null,
        latest: { anchor: 'expiration', amount: 6, unit: 'months', direction: 'before' },
        business_day: 'previous',
      },
      { commencement_date: null, rent_commencement_date: null, expiration_date: '2027-12-27' },
    )!;
    expect(window.latest.unrolled).toBe('2027-06-27'); // a Sunday
    expect(window.latest.date).toBe('2027-06-25');
    expect(describeComputedDate(window.latest)).toBe(
      '6 months before the expiration 2027-12-27; 2027-06-27 is a Sunday, moved back to Friday 2027-06-25',
    );
    const holiday = noticeWindow(
      {
        earliest: null,
        latest: {
          anchor: 'fixed_date',
          fixed_date: '2026-07-14',
          amount: 10,
          unit: 'days',
          direction: 'before',
        },
        business_day: 'previous',
      },
      { commencement_date: null, rent_commencement_date: null, expiration_date: null },
    )!;
    expect(describeComputedDate(holiday.latest)).toBe(
      '10 days before the date 2026-07-14; 2026-07-04 is a Saturday, moved back, past Independence Day to Thursday 2026-07-02',
    );
  });

  it('rolls across a holiday weekend in either direction, with the team’s own closures', () => {
    // Saturday 4 July 2026 → back over the observed holiday on Friday 3 July to Thursday 2 July.
    expect(rollToBusinessDay('2026-07-04', 'previous').date).toBe('2026-07-02');
    expect(rollToBusinessDay('2026-07-04', 'previous').roll?.skipped.map((d) => d.reason)).toEqual([
      'Saturday',
      'Independence Day',
    ]);
    // Thanksgiving Thursday → Friday, unless the team closes the Friday after too.
    expect(rollToBusinessDay('2026-11-26', 'next').date).toBe('2026-11-27');
    const closedFriday = {
      base: 'us_federal' as const,
      added: [{ date: '2026-11-27', name: 'Day after Thanksgiving' }],
      removed: [],
    };
    expect(rollToBusinessDay('2026-11-26', 'next', closedFriday).date).toBe('2026-11-30');
    expect(
      rollToBusinessDay('2026-11-26', 'next', { base: 'us_federal', added: [], removed: ['2026-11-26'] })
        .roll,
    ).toBeNull();
    expect(rollToBusinessDay('2026-11-28', 'none')).toEqual({ date: '2026-11-28', roll: null });
  });
});

describe('time zones', () => {
  it('takes "today" from the team’s zone, not the server’s', () => {
    const lateEveningInChicago = new Date('2026-11-26T04:30:00Z');
    expect(todayIn('America/Chicago', lateEveningInChicago)).toBe('2026-11-25');
    expect(todayIn('UTC', lateEveningInChicago)).toBe('2026-11-26');
    expect(todayIn('Pacific/Auckland', new Date('2026-11-25T11:30:00Z'))).toBe('2026-11-26');
  });

  it('keeps the local date across a DST change', () => {
    // 8 March 2026, 02:30 local does not exist in New York; 07:30Z is 03:30 EDT the same day.
    expect(todayIn('America/New_York', new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-08');
    expect(todayIn('America/New_York', new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
  });

  it('turns the date at the zone’s midnight to the millisecond, though each minute’s answer is kept', () => {
    // Kathmandu is 5:45 ahead: its midnight is 18:15 UTC, not an hour boundary.
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:14:00.000Z'))).toBe('2026-11-25');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:14:59.999Z'))).toBe('2026-11-25');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:15:00.000Z'))).toBe('2026-11-26');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-25T18:14:30.000Z'))).toBe('2026-11-25');
    expect(todayIn('UTC', new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(todayIn('UTC', new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(() => todayIn('Not/A_Zone', new Date())).toThrow(RangeError);
  });
});

describe('the daily hour', () => {
  it('reads the local hour, across a spring-forward gap and a fall-back repeat', () => {
    expect(hourIn('America/Chicago', new Date('2026-11-25T13:30:00Z'))).toBe(7);
    // New York, 8 March 2026: 01:59 EST is followed by 03:00 EDT, so a 02:00 job runs at 03:00.
    expect(hourIn('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe(1);
    expect(hourIn('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe(3);
    // 1 November 2026: 01:00–01:59 happens twice; both read as hour 1.
    expect(hourIn('America/New_York', new Date('2026-11-01T05:30:00Z'))).toBe(1);
    expect(hourIn('America/New_York', new Date('2026-11-01T06:30:00Z'))).toBe(1);
    expect(hourIn('UTC', new Date('2026-11-25T00:00:00Z'))).toBe(0);
  });
});

describe('escalations', () => {
  it('compounds on the rounded amount of the step before, as landlords’ tables do', () => {
    let cents = 1_234_567;
    const years = [cents];
    for (let year = 2; year <= 6; year += 1) years.push((cents = escalateCents(cents, 3)));
    expect(years.at(-1)).toBe(1_431_201);
    // Unrounded compounding would give 14,312.02.
    expect(Math.round(1_234_567 * 1.03 ** 5)).toBe(1_431_202);
  });

  it('rounds half a cent up, exactly', () => {
    expect(escalateCents(50, 1)).toBe(51); // 50.5 → 51
    expect(escalateCents(150, 1)).toBe(152); // 151.5 → 152
    expect(escalateCents(100_000, 2.5)).toBe(102_500);
    expect(escalateCents(333, 0.15)).toBe(333); // 333.4995
  });
});

describe('rent in force', () => {
  const rows = [
    { start_date: '2020-01-01', end_date: '2024-12-31', monthly_cents: 1_000_000, per_sqft_cents: null },
    { start_date: '2025-01-01', end_date: '2029-12-31', monthly_cents: null, per_sqft_cents: 4_800 },
  ];
  const lease = {
    rows,
    rentable_sqft: 2_500,
    expiration_date: '2029-12-31',
    status: 'active',
    holdover_rate: 150,
    free_rent_until: null,
  };

  it('reads the row in force today, a per-square-foot rate times the area', () => {
    expect(rentInForce(lease, '2023-06-01')).toEqual({ cents: 1_000_000, basis: 'scheduled' });
    // $48.00 a square foot a year × 2,500 sq ft ÷ 12 = $10,000.00 a month.
    expect(rentInForce(lease, '2026-06-01')).toEqual({ cents: 1_000_000, basis: 'scheduled' });
  });

  it('charges nothing in free-rent months, counted from rent commencement', () => {
    const until = freeRentUntil({
      rent_commencement_date: '2020-01-15',
      commencement_date: '2020-01-01',
      free_rent_months: 3,
    });
    expect(until).toBe('2020-04-14');
    expect(rentInForce({ ...lease, free_rent_until: until }, '2020-04-14')).toEqual({
      cents: 0,
      basis: 'free_rent',
    });
    expect(rentInForce({ ...lease, free_rent_until: until }, '2020-04-15').basis).toBe('scheduled');
  });

  it('bills the last rent at the holdover rate after the expiration', () => {
    expect(rentInForce(lease, '2030-02-01')).toEqual({ cents: 1_500_000, basis: 'holdover' });
    expect(rentInForce({ ...lease, holdover_rate: null }, '2030-02-01')).toEqual({
      cents: 1_000_000,
      basis: 'holdover',
    });
    expect(rentInForce({ ...lease, rows: [] }, '2030-02-01')).toEqual({ cents: 0, basis: 'none' });
  });
});
