// Work that must not delay a frame: run once the browser has painted it.

/** After the next frame is painted, or after `fallbackMs` when no frame comes (a hidden tab). */
export function afterNextPaint(run: () => void, fallbackMs = 100): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    window.clearTimeout(fallback);
    run();
  };
  const fallback = window.setTimeout(once, fallbackMs);
  // A task queued from a frame's callback runs once that frame is painted.
  if (typeof window.requestAnimationFrame === 'function') {
    window.requestAnimationFrame(() => window.setTimeout(once, 0));
  }
}
