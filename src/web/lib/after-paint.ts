// Work that must not delay a frame: run once the browser has painted it.

/**
 * After the next frame is painted, or after `fallbackMs` when no frame comes (a hidden tab).
 * Returns a cancel, for an effect's clean-up. The global timers, not window's: a test's window
 * may be gone when the fallback fires.
 */
export function afterNextPaint(run: () => void, fallbackMs = 100): () => void {
  let done = false;
  let frame: number | undefined;
  const cancel = () => {
    done = true;
    clearTimeout(fallback);
    if (frame !== undefined && typeof cancelAnimationFrame === 'function')
      cancelAnimationFrame(frame);
  };
  const once = () => {
    if (done) return;
    cancel();
    run();
  };
  const fallback = setTimeout(once, fallbackMs);
  // A task queued from a frame's callback runs once that frame is painted.
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      setTimeout(once, 0);
    });
  }
  return cancel;
}
