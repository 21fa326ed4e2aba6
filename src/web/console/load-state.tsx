import { Spinner } from '../components/spinner';
import { texts } from './texts';

/** What a screen shows while loading or after a failed load. */
export function LoadState({
  state,
  onRetry,
}: {
  state: { status: 'loading' } | { status: 'error'; message: string };
  onRetry: () => void;
}) {
  if (state.status === 'loading') return <Spinner label={texts.loading} />;
  return (
    <div className="console-alert console-alert--error" role="alert">
      <p>
        {texts.loadFailed}
        {state.message}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {texts.retry}
      </button>
    </div>
  );
}
