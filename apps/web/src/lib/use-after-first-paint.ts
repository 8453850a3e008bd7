import { useEffect, useState } from 'react';

/**
 * True from the task after the component's first paint on. Work that can wait — a map library, rows below
 * the fold — starts then, so it does not hold back the first paint (the largest contentful paint on a
 * slow phone: Leaflet's set-up alone took a few hundred milliseconds before the dashboard showed at all).
 */
export function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before that frame's paint; a task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
