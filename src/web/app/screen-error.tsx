// What a screen shows when it throws (a runtime error, an unknown profile status, an internal
// error, a screen's code that failed to load): the client-error modal, and in the page a short
// explanation with a way back, never the router's crash page. The shell's own boundary has no
// layout around it, so it mounts the modals itself.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ErrorModals } from './layout/error-modals';
import { useAppDispatch } from './store';
import { showErrorModal } from './ui-slice';

export function ScreenError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
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

export const ShellError = () => <ScreenError standalone />;
