// The portal header (spec section 2): brand (logo when enabled, portal name) linking to root, the
// language menu unless the merchant hides it, and for signed-in users the profile button that
// opens the side panel.
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { Configuration } from '../../../core/types/entities/configuration';
import { UserIcon } from '../../components/user-icon';
import { useGetPrincipalQuery } from '../../api/auth-api';
import { profileApi, useStorePreferredLanguageMutation } from '../../api/profile-api';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { setSidePanel } from '../../lib/ui-slice';
import { displayName } from '../../lib/display-name';
import { LanguageMenu } from './language-menu';
import { SIDE_PANEL_ID } from './side-panel';

/** Starts loading the drawer's content (side-panel.tsx loads it lazily) before it is asked for. */
const preloadSidePanel = (): void => void import('./side-panel-content');

export function Header({
  configuration,
  profileButtonRef,
}: {
  configuration: Configuration;
  profileButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const panelOpen = useAppSelector((state) => state.ui.sidePanelOpen);
  // The sign-in and sign-out screens do not ask who is signed in.
  const principal = useGetPrincipalQuery(undefined, { skip: pathname.startsWith('/auth/') });
  // The profile is loaded by the route guard; the header only reads it.
  const profile = profileApi.endpoints.getProfile.useQueryState();
  const [storeLanguage] = useStorePreferredLanguageMutation();
  // Signed in, a choice is the person's language (mails too); a blocked account changes nothing.
  const status = profile.data?.status;
  const storesLanguage =
    principal.isSuccess && !!status && status !== 'LOCKED' && status !== 'DEACTIVATED';
  const { branding, supportedLocales } = configuration;
  const showLogo = branding.headerLogoEnabled && branding.logoUrl;

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/" className="app-header__brand">
          {showLogo ? (
            <img
              className="app-header__logo"
              src={branding.logoUrl}
              alt=""
              // Not waited for: React holds a transition's commit (the first render is one) until
              // its new images have loaded, up to 800 ms on a slow network, and the frame the
              // server painted already shows this logo. Lazy opts out; in view, it loads at once.
              loading="lazy"
              // A missing logo leaves the portal name alone rather than a broken image.
              onError={(event) => {
                event.currentTarget.hidden = true;
              }}
            />
          ) : null}
          <span className="app-header__name">{branding.portalName}</span>
        </Link>
        <div className="app-header__actions">
          {branding.hideLanguageMenu ? null : (
            <LanguageMenu
              locales={supportedLocales}
              onChoose={storesLanguage ? (locale) => void storeLanguage(locale) : undefined}
            />
          )}
          {principal.isSuccess ? (
            <button
              ref={profileButtonRef}
              type="button"
              className="profile-button"
              aria-label={t('header.profile')}
              aria-haspopup="dialog"
              aria-expanded={panelOpen}
              aria-controls={SIDE_PANEL_ID}
              onClick={() => dispatch(setSidePanel(!panelOpen))}
              onPointerEnter={preloadSidePanel}
              onFocus={preloadSidePanel}
            >
              <UserIcon name={displayName(profile.data)} />
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
