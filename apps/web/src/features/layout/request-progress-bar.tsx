import { useEffect, useState, useSyncExternalStore } from 'react';
import { PROGRESS_BAR_MS } from '@storekeep/contracts';
import { requestProgress } from '../../api/request-progress';
import { useNavigation } from 'react-router';
import clsx from 'clsx';

type Phase = { value: number; duration: number; visible: boolean };

/**
 * The thin bar at the top of the window (spec §4): it creeps towards 90% over PROGRESS_BAR_MS while
 * requests or route loads are in flight, completes when they end, and turns red when one failed.
 */
export function RequestProgressBar() {
  const { inFlight, failed, generation } = useSyncExternalStore(
    requestProgress.subscribe,
    requestProgress.getSnapshot,
  );
  const navigating = useNavigation().state !== 'idle';
  const active = inFlight > 0 || navigating;
  const [phase, setPhase] = useState<Phase>({ value: 0, duration: 0, visible: false });

  useEffect(() => {
    const timers: number[] = [];
    const later = (fn: () => void, ms: number) => timers.push(window.setTimeout(fn, ms));
    if (active) {
      later(() => setPhase({ value: 10, duration: 0, visible: true }), 0);
      later(() => setPhase({ value: 90, duration: PROGRESS_BAR_MS, visible: true }), 30);
    } else {
      later(
        () =>
          setPhase((current) => (current.visible ? { value: 100, duration: 200, visible: true } : current)),
        0,
      );
      later(() => setPhase((current) => ({ ...current, visible: false })), 500);
      later(() => setPhase({ value: 0, duration: 0, visible: false }), 800);
    }
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [active, generation]);

  return (
    <div
      aria-hidden="true"
      className={clsx(
        'pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 transition-opacity duration-300',
        phase.visible ? 'opacity-100' : 'opacity-0',
      )}
    >
      <div
        className={clsx('h-full ease-out', failed ? 'bg-red-600' : 'bg-blue-600 dark:bg-blue-400')}
        style={{ width: `${phase.value}%`, transition: `width ${phase.duration}ms ease-out` }}
      />
    </div>
  );
}
