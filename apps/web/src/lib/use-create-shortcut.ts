import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a field the user is typing in (shortcuts must not steal it). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)),
  );
}

/**
 * `c` on a list page starts a new record (a page or a dialog), as in the mail and issue trackers people know;
 * never while typing, with a modifier, or over an open dialog. Pass null when the user may not create.
 */
export function useCreateShortcut(create: (() => void) | null) {
  const latest = useRef(create);
  useEffect(() => {
    latest.current = create;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'c' || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (!latest.current || isTypingTarget(event.target) || document.querySelector('[role="dialog"]'))
        return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
