import {
  describeComputedDate,
  optionNoticeWindows,
  optionRuleWithConventions,
  type AnchorDates,
  type ComputedDate,
  type ComputedDateOut,
  type LeaseOptionOut,
  type NoticeRule,
  type NoticeConventions,
  type NoticeWindowOut,
  type OptionNoticeTerms,
  type RenewalWindow,
} from '@storekeep/contracts';
import type { TeamCalendar } from '../teams/index';

/** An option as stored or as validated input: what its notice dates follow from. */
export type OptionTerms = OptionNoticeTerms;

/** The stored JSON of an option's rule, or its days-before rule when it has none. */
export function storedRule(row: {
  notice_rule: string | null;
  notice_days: number;
  notice_from: string;
}): NoticeRule | null {
  return row.notice_rule ? (JSON.parse(row.notice_rule) as NoticeRule) : null;
}

/**
 * The option's windows under the team's calendar, counting conventions and today (optionNoticeWindows); with
 * `currentOnly`, a renewal chain only up to its first renewal not yet exercised, all that currentWindow reads.
 */
export const optionWindows = (
  option: OptionTerms,
  dates: AnchorDates,
  calendar: TeamCalendar,
  currentOnly = false,
): RenewalWindow[] =>
  optionNoticeWindows(option, dates, {
    calendar: calendar.holidays,
    today: calendar.today,
    conventions: conventionsOf(calendar),
    currentOnly,
  });

const conventionsOf = (calendar: TeamCalendar): NoticeConventions => ({
  day_count: calendar.dayCount,
  lease_months: calendar.leaseMonths,
});

export const openWindow = (windows: RenewalWindow[]) => windows.find((w) => w.state === 'open') ?? null;

/**
 * The window the option is at: the open one, or one whose last day passed while the option is still
 * open — the daily job lapses it, and until then its deadline is overdue, not gone.
 */
export const currentWindow = (windows: RenewalWindow[], status: string) =>
  status === 'open' ? (windows.find((w) => w.state === 'open' || w.state === 'lapsed') ?? null) : null;

function presentDate(computed: ComputedDate): ComputedDateOut {
  return {
    date: computed.date,
    unrolled: computed.unrolled,
    anchor_date: computed.anchor_date,
    explanation: describeComputedDate(computed),
    skipped: computed.roll?.skipped ?? [],
  };
}

export function presentWindow(window: RenewalWindow): NoticeWindowOut {
  return {
    sequence: window.sequence,
    term_end: window.term_end,
    renewal: window.renewal,
    state: window.state,
    earliest: window.window.earliest ? presentDate(window.window.earliest) : null,
    latest: presentDate(window.window.latest),
  };
}

/** A legacy option's `notice_days` is still meaningful only while its rule is the plain days-before one. */
function legacyDays(rule: NoticeRule | null, option: OptionTerms): number | null {
  if (!rule) return option.notice_days;
  const { latest } = rule;
  const plain =
    !rule.earliest &&
    latest.unit === 'days' &&
    latest.direction === 'before' &&
    rule.business_day === 'none' &&
    (latest.anchor === 'term_end' || latest.anchor === 'commencement');
  return plain ? latest.amount : null;
}

/**
 * What the verified stamp covers: the computed dates and the inputs they came from. Any change to
 * them (an edit, an exercise, a new holiday) clears the stamp.
 */
export function verificationInputs(windows: RenewalWindow[]): string {
  return JSON.stringify(
    windows.map((w) => [
      w.sequence,
      w.term_end,
      w.window.earliest?.date ?? null,
      w.window.latest.date,
      w.window.latest.rule,
    ]),
  );
}

export function presentOption(
  option: OptionTerms & {
    delivery_method: string | null;
    source_document_id: number | null;
    source_page: number | null;
  },
  dates: AnchorDates,
  calendar: TeamCalendar,
  verified: { by: string; at: string; inputs: string | null } | null,
): LeaseOptionOut {
  const rule = optionRuleWithConventions(option, conventionsOf(calendar));
  const windows = optionWindows(option, dates, calendar);
  const stillVerified =
    verified && verified.inputs === verificationInputs(windows) ? { by: verified.by, at: verified.at } : null;
  return {
    kind: option.kind as LeaseOptionOut['kind'],
    count: option.count,
    length_months: option.length_months,
    notice: {
      earliest: rule.earliest
        ? {
            ...rule.earliest,
            fixed_date: rule.earliest.fixed_date ?? null,
            term_month: rule.earliest.term_month ?? null,
          }
        : null,
      latest: {
        ...rule.latest,
        fixed_date: rule.latest.fixed_date ?? null,
        term_month: rule.latest.term_month ?? null,
      },
      business_day: rule.business_day,
      day_count: rule.day_count ?? calendar.dayCount,
      lease_months: rule.lease_months ?? calendar.leaseMonths,
    },
    notice_days: legacyDays(option.notice, option),
    notice_from: option.notice_from,
    deadline: currentWindow(windows, option.status)?.window.latest.date ?? null,
    delivery_method: option.delivery_method,
    status: option.status as LeaseOptionOut['status'],
    exercised_count: option.exercised_count,
    source_document_id: option.source_document_id,
    source_page: option.source_page,
    windows: windows.map(presentWindow),
    verified: stillVerified,
  };
}
