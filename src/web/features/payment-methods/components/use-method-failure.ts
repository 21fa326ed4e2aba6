// The failure state every payout method page keeps (method-helpers.ts reads the API's answer):
// field errors for its form and a message above it.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerFieldError } from '../../../components/schema-form';
import { readFailure, type ApiFailure } from './method-helpers';

const NO_FAILURE: ApiFailure = { fields: [], message: null };

export interface MethodFailure {
  /** The API's field errors, for the screen's form. */
  serverErrors: ServerFieldError[];
  /** The failure as a sentence, shown above the form; null when there is none. */
  message: string | null;
  /** Reads a failed call into the state, and answers what it read. */
  fail: (error: unknown) => ApiFailure;
  /** Shows a message of the screen's own. */
  show: (message: string) => void;
  /** Forgets the last failure (before the next call). */
  clear: () => void;
}

/**
 * The failure state every payout screen keeps: field errors for its form and a message above it. A
 * screen without a form (PayPal, paper check, sending a code) cannot show field errors, so there a
 * failure always has a message.
 */
export function useMethodFailure({ withForm = true }: { withForm?: boolean } = {}): MethodFailure {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<ApiFailure>(NO_FAILURE);
  const fail = useCallback(
    (error: unknown) => {
      const read = readFailure(error, t);
      const shown =
        withForm || read.message ? read : { ...read, message: t('payoutMethods.errors.generic') };
      setFailure(shown);
      return shown;
    },
    [t, withForm],
  );
  const show = useCallback((message: string) => setFailure({ fields: [], message }), []);
  const clear = useCallback(() => setFailure(NO_FAILURE), []);
  return { serverErrors: failure.fields, message: failure.message, fail, show, clear };
}
