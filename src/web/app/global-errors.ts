// The global handler (spec section 8) for errors outside React's rendering: an exception in an event
// handler or a timer, a rejected promise nobody awaited. They show the client-error modal, except
// on the maintenance page, which explains itself.
import type { AppStore } from './store';
import { showErrorModal } from '../lib/ui-slice';

/** Browser noise that is not an error of the portal. */
const BENIGN = [/ResizeObserver loop/];

export function installGlobalErrorHandler(store: AppStore, target: Window = window): () => void {
  const report = (error: unknown, message: string) => {
    if (target.location.pathname.startsWith('/maintenance')) return;
    if (BENIGN.some((pattern) => pattern.test(message))) return;
    console.error(error);
    store.dispatch(showErrorModal('client'));
  };
  const onError = (event: ErrorEvent) => {
    // A failed image or script load fires without an error object: not a runtime error.
    if (event.error === undefined || event.error === null) return;
    report(event.error, event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // An API error ({status, data}) left unawaited is the API layer's, which already decided.
    if (reason && typeof reason === 'object' && 'status' in reason) return;
    report(reason, reason instanceof Error ? reason.message : String(reason));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
