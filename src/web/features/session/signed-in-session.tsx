// The session behaviours of a signed-in user (see session-controller.tsx), loaded once someone
// is signed in.
import { useCallback, useEffect } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { refreshSession } from '../../lib/api';
import { navigateTo } from '../../lib/navigation';
import { closeModal, showModal } from '../../lib/ui-slice';
import { useAppDispatch, useAppSelector, type RootState } from '../../lib/store-hooks';
import { useGetProfileQuery } from '../../api/profile-api';
import type { Configuration } from '../../../core/types/entities/configuration';
import { BackButtonModal } from './components/back-button-modal';
import { SessionExtensionModal } from './components/session-extension-modal';
import { UrlExistsModal } from './components/url-exists-modal';
import { IDLE_TIMEOUT_MS, LOGOUT_PATH } from './constants';
import { useAccessOtp } from './hooks/use-access-otp';
import { useHistoryPin } from './hooks/use-history-pin';
import { useIdleTimer } from './hooks/use-idle-timer';
import { useKeepalive } from './hooks/use-keepalive';
import { useLiveStatus } from './hooks/use-live-status';
import { useSingleWindow } from './hooks/use-single-window';
import { isStaticPath } from '../../../core/routes/static-path';

export default function SignedInSession({ configuration }: { configuration: Configuration }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const modal = useAppSelector((state) => state.ui.modal);
  const { pathname } = useLocation();
  // The user is not loaded on static URLs (spec section 4).
  const onStatic = isStaticPath(pathname);
  const profile = useGetProfileQuery(undefined, { skip: onStatic });

  useKeepalive();
  useLiveStatus(configuration.appConfig.profileRefreshInterval);
  useAccessOtp(
    configuration.businessRules.UserRegistrationOTPEnabled === true && !onStatic,
    profile.data?.id,
  );

  useIdleTimer({
    timeoutMs: IDLE_TIMEOUT_MS,
    paused: modal === 'sessionExtension',
    onIdle: () => dispatch(showModal('sessionExtension')),
  });
  const signOut = useCallback(() => {
    dispatch(closeModal('sessionExtension'));
    navigateTo(LOGOUT_PATH);
  }, [dispatch]);
  const staySignedIn = () => {
    void refreshSession().finally(() => dispatch(closeModal('sessionExtension')));
  };

  const { blocked, takeOver } = useSingleWindow();
  useEffect(() => {
    // The idle warning goes first; the 'url exists' modal comes back once it is answered.
    if (blocked && modal !== 'urlExists' && modal !== 'sessionExtension') {
      dispatch(showModal('urlExists'));
    }
    if (!blocked && modal === 'urlExists') dispatch(closeModal('urlExists'));
  }, [blocked, modal, dispatch]);

  useHistoryPin(() => {
    if (store.getState().ui.modal === null) dispatch(showModal('backButton'));
  });

  return (
    <>
      <SessionExtensionModal
        open={modal === 'sessionExtension'}
        onStay={staySignedIn}
        onSignOut={signOut}
      />
      <UrlExistsModal open={modal === 'urlExists'} onUseHere={takeOver} />
      <BackButtonModal
        open={modal === 'backButton'}
        onClose={() => dispatch(closeModal('backButton'))}
      />
    </>
  );
}
