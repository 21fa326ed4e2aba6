// What a screen shows when it throws (a runtime error, an unknown profile status, an internal
// error, a screen's code that failed to load): the client-error modal, and in the page a short
// explanation with a way back, never the router's crash page. The shell's own boundary has no
// layout around it, so it mounts the modals itself.
import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorModals } from './layout/error-modals';
import { useAppDispatch } from '../lib/store-hooks';
import { showErrorModal } from '../lib/ui-slice';

export function ScreenError({
  error,
  standalone = false,
}: {
  error: unknown;
  standalone?: boolean;
}) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    // For whoever debugs it; the user sees the modal and the page below.
    console.error(error);
    dispatch(showErrorModal('client'));
  }, [error, dispatch]);
  return (
    <section className="screen-error" aria-labelledby="screen-error-title">
      <h1 id="screen-error-title">
        {t('screenError.title', { defaultValue: 'This page could not be shown' })}
      </h1>
      <p>
        {t('screenError.body', {
          defaultValue: 'Something went wrong while showing this page. Nothing you saved is lost.',
        })}
      </p>
      <p className="screen-error__actions">
        <a className="button" href="/">
          {t('screenError.home', { defaultValue: 'Back to the start' })}
        </a>
      </p>
      {standalone ? <ErrorModals /> : null}
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The shell's own boundary: no layout around it, so it shows the modals itself. */
  standalone?: boolean;
}

/** Catches what a screen throws while rendering, or a screen chunk that failed to load. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (this.state.failed)
      return <ScreenError error={this.state.error} standalone={this.props.standalone} />;
    return this.props.children;
  }
}
