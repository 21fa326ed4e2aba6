// The live preview of a draft (live-preview.tsx): the API composes the draft's forms and runs its
// examples, asked again 400 ms after the last change.
import { useEffect, useMemo, useState } from 'react';
import { consoleApi, type Preview, type RuleFile } from './api';
import { useStaff } from './staff-context';

const DEBOUNCE_MS = 400;

export type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; preview: Preview }
  /** The draft was refused (one failing the rule file schema is): the last preview stays shown. */
  | { status: 'error'; message: string; last?: Preview };

/** Asks the API for the preview of the draft, 400 ms after the last change. */
export function usePreview(country: string, rules: RuleFile | null): PreviewState {
  const { handleError } = useStaff();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const body = useMemo(() => (rules ? JSON.stringify(rules) : null), [rules]);
  useEffect(() => {
    if (!body) return undefined;
    let live = true;
    const timer = window.setTimeout(() => {
      consoleApi.preview(country, JSON.parse(body) as RuleFile).then(
        (preview) => live && setState({ status: 'ready', preview }),
        (error: unknown) => {
          if (!live) return;
          const message = handleError(error);
          setState((was) => {
            const last =
              was.status === 'ready' ? was.preview : was.status === 'error' ? was.last : undefined;
            return { status: 'error', message, ...(last ? { last } : {}) };
          });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [country, body, handleError]);
  return state;
}
