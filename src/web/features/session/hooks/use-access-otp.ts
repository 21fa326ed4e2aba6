// Access OTP (spec section 4): with the registration OTP feature on, a profile whose id differs
// from the `token` cookie is checked; not passed → verify-account, passed → the cookie is set.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { readCookie, writeCookie } from '../../../lib/cookies';
import { navigateTo } from '../../../lib/navigation';
import { useVerifyAccessCodeMutation } from '../../../api/profile-api';
import { isPublicAuthPath, VERIFY_ACCOUNT_PATH } from '../constants';

export const ACCESS_TOKEN_COOKIE = 'token';

export function useAccessOtp(enabled: boolean, profileId: string | undefined): void {
  const { pathname } = useLocation();
  const [verifyAccessCode] = useVerifyAccessCodeMutation();
  const running = useRef(false);

  useEffect(() => {
    if (!enabled || !profileId || running.current) return;
    if (pathname === VERIFY_ACCOUNT_PATH || isPublicAuthPath(pathname)) return;
    if (readCookie(ACCESS_TOKEN_COOKIE) === profileId) return;
    running.current = true;
    verifyAccessCode({ profileId })
      .unwrap()
      .then((result) => {
        if (result.status === true) writeCookie(ACCESS_TOKEN_COOKIE, profileId);
        else navigateTo(VERIFY_ACCOUNT_PATH);
      })
      .catch((error: unknown) => console.warn('Access OTP check failed', error))
      .finally(() => {
        running.current = false;
      });
  }, [enabled, profileId, pathname, verifyAccessCode]);
}
