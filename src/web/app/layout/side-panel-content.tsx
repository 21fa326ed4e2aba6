// The profile drawer's content (see side-panel.tsx): contact details, links by profile status,
// the preferred payout method and sign-out. Focus moves into it when it appears.
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Configuration } from '../../../core/types/entities/configuration';
import { trapTab } from '../../components/focus-trap';
import { UserIcon } from '../../components/user-icon';
import { useGetPaymentMethodsQuery } from '../../api/payment-methods-api';
import { useGetProfileQuery } from '../../api/profile-api';
import { readCookie } from '../../lib/cookies';
import { usePhoneFormat } from '../../lib/use-phone-format';
import { useAppDispatch } from '../../lib/store-hooks';
import { setSidePanel } from '../../lib/ui-slice';
import { contactGroups } from './contact-lines';
import { displayName } from '../../lib/display-name';
import { preferredMethod, summarizeMethod } from './payment-method-summary';

/** Hidden while the registration code is on and the access cookie says no code was passed yet. */
const paymentSummaryHidden = (configuration: Configuration): boolean =>
  configuration.businessRules.UserRegistrationOTPEnabled && readCookie('token') === 'null';

const DASHBOARD_STATUSES = ['GUARDIAN_CONSENT_PENDING', 'ACTIVATED', 'ON_HOLD'];
const SETTINGS_STATUSES = ['ACTIVATED', 'ON_HOLD'];

export default function SidePanelContent({
  id,
  configuration,
  staticPage,
}: {
  /** The id the header's menu button controls (the panel owns it; passed in to keep one name). */
  id: string;
  configuration: Configuration;
  staticPage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const formatPhone = usePhoneFormat();
  const dispatch = useAppDispatch();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => dispatch(setSidePanel(false));

  const profile = useGetProfileQuery(undefined, { skip: staticPage });
  const hideSummary = paymentSummaryHidden(configuration);
  const methods = useGetPaymentMethodsQuery(undefined, { skip: hideSummary || !profile.data });

  useLayoutEffect(() => {
    panelRef.current?.focus();
  }, []);

  const status = profile.data?.status ?? '';
  const preferred = preferredMethod(methods.data);
  const summary = preferred ? summarizeMethod(preferred) : null;

  return (
    <>
      <div className="side-panel__backdrop" aria-hidden="true" onClick={close} />
      <div
        ref={panelRef}
        id={id}
        className="side-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <div className="side-panel__top">
          <h2 id={titleId} className="side-panel__title">
            {t('sidePanel.title')}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('sidePanel.close')}
            onClick={close}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>

        {profile.data ? (
          <section className="side-panel__contact" aria-label={t('sidePanel.contact')}>
            <UserIcon name={displayName(profile.data)} size="lg" />
            <div className="side-panel__groups">
              {contactGroups(profile.data, i18n.language, formatPhone).map((group, index) => (
                <p key={index} className={`contact-group contact-group--${index}`}>
                  {group.map((line, lineIndex) => (
                    <span key={lineIndex} className="contact-group__line">
                      {line}
                    </span>
                  ))}
                </p>
              ))}
            </div>
          </section>
        ) : null}

        <nav className="side-panel__nav" aria-label={t('sidePanel.navigation')}>
          <ul>
            {DASHBOARD_STATUSES.includes(status) ? (
              <li>
                <Link to="/dashboard" className="side-panel__link">
                  {t('sidePanel.dashboard')}
                </Link>
              </li>
            ) : null}
            {SETTINGS_STATUSES.includes(status) ? (
              <li>
                <Link to="/settings" className="side-panel__link">
                  {t('sidePanel.settings')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>

        {hideSummary || !profile.data ? null : (
          <section className="side-panel__method" aria-labelledby={`${titleId}-method`}>
            <h3 id={`${titleId}-method`} className="side-panel__subtitle">
              {t('sidePanel.preferredMethod')}
            </h3>
            <p className="side-panel__method-value" data-testid="preferred-method">
              {methods.isLoading
                ? t('common.loading')
                : summary
                  ? t(summary.key, summary.values)
                  : t('sidePanel.noPreferredMethod')}
            </p>
          </section>
        )}

        <div className="side-panel__footer">
          <Link to="/auth/logout" className="button button--secondary side-panel__logout">
            {t('sidePanel.logout')}
          </Link>
        </div>
      </div>
    </>
  );
}
