import { useSyncExternalStore } from 'react';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';

// One shared minute clock for every <RelativeTime> on the page, running only while one is mounted, so
// "just now" becomes "2 minutes ago" without a timer per row.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

/** Fresh to within 15 s, and stable between renders of one commit as useSyncExternalStore requires. */
function getNow() {
  if (Date.now() - now > 15_000) now = Date.now();
  return now;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * When something happened (created, updated, uploaded, commented, logged): "3 days ago", with the exact date
 * and time on hover (`title`) and in `dateTime` for assistive technology. The one way the app shows such
 * moments. Deadlines people act on (lease expiry, notice dates) stay exact dates instead.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const clock = useSyncExternalStore(subscribe, getNow);
  return (
    <time dateTime={value} title={formatExactTime(value)} className={className}>
      {formatRelativeTime(value, new Date(clock))}
    </time>
  );
}

/** Put in place of a translation's date (`t('…uploaded', { date: TIME_SLOT })`) to render it with <TextWithTime>. */
export const TIME_SLOT = '\u2063time\u2063';

/** A translated sentence with a moment inside ("Uploaded 3 days ago by Ann"), the moment as a <RelativeTime>. */
export function TextWithTime({ text, value }: { text: string; value: string }) {
  const [before, after = ''] = text.split(TIME_SLOT);
  return (
    <>
      {before}
      <RelativeTime value={value} />
      {after}
    </>
  );
}
