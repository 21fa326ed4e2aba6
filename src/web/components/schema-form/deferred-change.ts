// Typing into a field: the key's own frame shows the character (the browser has already put it in
// the input) and nothing else; the form's pass over the change — RJSF's new state, the live
// validation of every field, the errors and summary it renders, the page's own reactions — runs
// right after that frame is painted. That pass is most of a key's cost, so a key is painted as soon
// as the browser can, and keys typed faster than a frame are handed over as one change.
//
// Nothing typed is lost: a blur (which comes before a click on a button), Enter (before the form's
// implicit submission looks at its button), any submit (a password manager's, say: RJSF validates
// a submit with the changes queued before it) and the field's removal hand the value over at once.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { afterNextPaint } from '../../lib/after-paint';

// Captured on the document: runs before the form's own submit handler. Added once per field (the
// same listener is not added twice); a flush with nothing pending does nothing.
const SUBMIT_CAPTURE = { capture: true } as const;

export interface DeferredChange<T> {
  /** Takes a typed value; the form is told after the next paint. */
  change: (value: T) => void;
  /** Tells the form the pending value now, if there is one. */
  flush: () => void;
  /** Enter hands the value over before the form's implicit submission reads it. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** What the field shows: the value typed and not yet handed over, else the form's. */
  value: T;
}

export function useDeferredChange<T>(value: T, onChange: (value: T) => void): DeferredChange<T> {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const pending = useRef<{ value: T } | null>(null);
  // What the field renders until the form has the value: a render in between (another field's
  // change) would otherwise write the form's older value back into the input.
  const [shown, setShown] = useState<{ value: T } | null>(null);

  const flush = useCallback(() => {
    const typed = pending.current;
    if (!typed) return;
    pending.current = null;
    setShown(null);
    latest.current(typed.value);
  }, []);

  const change = useCallback(
    (value: T) => {
      const scheduled = pending.current !== null;
      pending.current = { value };
      setShown(pending.current);
      if (!scheduled) {
        afterNextPaint(flush);
        document.addEventListener('submit', flush, SUBMIT_CAPTURE);
      }
    },
    [flush],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') flush();
    },
    [flush],
  );

  // A field removed with a key pending (its form left, its variant changed) still hands it over.
  useEffect(
    () => () => {
      document.removeEventListener('submit', flush, SUBMIT_CAPTURE);
      flush();
    },
    [flush],
  );

  return { change, flush, onKeyDown, value: shown ? shown.value : value };
}
