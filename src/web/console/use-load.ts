// Loading what a console screen shows, its errors handled as the console's frame handles them.
import { useEffect, useState } from 'react';
import { useStaff } from './staff-context';

/** Loads what a screen shows; `reload` runs the call again (after an action). */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const { handleError } = useStaff();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string }
  >({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'error', message: handleError(error) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what to reload on
  }, [...deps, round]);
  return { state, reload: () => setRound((r) => r + 1) };
}
