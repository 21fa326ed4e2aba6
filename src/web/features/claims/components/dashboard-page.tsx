// The dashboard (/dashboard): the user's upcoming and past claims. An upcoming claim that can still
// be accepted offers "Accept" (payout method, currency, one-time code) and "Cancel claim", each only
// where the status table lets the profile do it (so the server accepts it); a profile that may do
// neither (ON_HOLD, a minor waiting for consent, a guardian still setting up) sees its claims and
// one sentence saying why.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { destinationOption } from './payout-method-label';
import type { Claim } from '../../../../core/types/entities/claim';
import { DashboardPage as DashboardFrame } from '../../../components/dashboard-page';
import { DASHBOARD_FRAME } from '../../../../core/routes/frames/dashboard';
import { formatMoney } from '../../../components/format-money';
import { Modal } from '../../../components/modal';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { useGetProfileQuery } from '../../../api/profile-api';
import { useCancelClaimMutation, useGetClaimsQuery } from '../api/claims-api';
import { mayDo, refusalOf } from '../../../../core/profile/status-actions';
import { isAcceptable, isUpcoming } from './claim-rules';
import { GuardianConsentNotice, GuardianSetupNotice } from './guardian-consent-notice';

// The acceptance panel (quote, payout method, code dialog) is its own chunk: the dashboard shows
// the claims first and loads it when "Accept" is pointed at or pressed.
const loadAcceptPanel = () => import('./accept-claim-panel');
const AcceptClaimPanel = lazy(() =>
  loadAcceptPanel().then((module) => ({ default: module.AcceptClaimPanel })),
);
const preloadAcceptPanel = (): void => void loadAcceptPanel();

export default function ClaimsDashboardPage() {
  const { t } = useTranslation();
  const claims = useGetClaimsQuery();
  const { data: profile } = useGetProfileQuery();
  const mayAccept = mayDo(profile?.status, 'acceptClaim');
  const mayCancel = mayDo(profile?.status, 'cancelClaim');
  const [accepting, setAccepting] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Claim | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const list = claims.data ?? [];
  const upcoming = list.filter(isUpcoming);
  const past = list.filter((claim) => !isUpcoming(claim));

  const row = (claim: Claim) => (
    <ClaimRow
      key={claim.id}
      claim={claim}
      actions={
        isAcceptable(claim) && (mayAccept || mayCancel) ? (
          <>
            {mayAccept ? (
              <button
                type="button"
                className="button"
                aria-expanded={accepting === claim.id}
                onPointerEnter={preloadAcceptPanel}
                onFocus={preloadAcceptPanel}
                onClick={() => {
                  setNotice(null);
                  setAccepting(accepting === claim.id ? null : claim.id);
                }}
              >
                {t('dashboard.actions.accept')}
              </button>
            ) : null}
            {mayCancel ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setNotice(null);
                  setCancelling(claim);
                }}
              >
                {t('dashboard.actions.cancel')}
              </button>
            ) : null}
          </>
        ) : null
      }
    >
      {mayAccept && accepting === claim.id ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <AcceptClaimPanel
            claim={claim}
            onClose={() => setAccepting(null)}
            onAccepted={() => {
              setAccepting(null);
              setNotice(t('dashboard.accept.success'));
            }}
          />
        </Suspense>
      ) : null}
    </ClaimRow>
  );

  return (
    // The words the server painted before any script (core/routes/frames/dashboard.ts), the same keys.
    <DashboardFrame title={t(DASHBOARD_FRAME.title)} lead={t(DASHBOARD_FRAME.lead)}>
      {profile?.status === 'GUARDIAN_CONSENT_PENDING' ? (
        <GuardianConsentNotice guardians={profile.guardians ?? []} />
      ) : null}
      {profile && profile.status !== 'ACTIVATED' ? (
        <GuardianSetupNotice minors={profile.minors ?? []} />
      ) : null}
      <p role="status" className="claims__notice">
        {notice}
      </p>
      {profile && !mayAccept && !mayCancel ? (
        <p className="claims__blocked" role="note">
          {t(
            refusalOf(profile.status) === 'ProfileOnHold'
              ? 'dashboard.blocked.onHold'
              : 'dashboard.blocked.notActivated',
          )}
        </p>
      ) : null}
      {claims.isLoading ? (
        <Spinner />
      ) : claims.isError ? (
        <p role="alert">{t('dashboard.loadFailed')}</p>
      ) : (
        <>
          <Section title={t('dashboard.upcoming.title')}>
            {upcoming.length ? (
              <ul className="claims__list">{upcoming.map(row)}</ul>
            ) : (
              <p>{t('dashboard.upcoming.empty')}</p>
            )}
          </Section>
          <Section title={t('dashboard.past.title')}>
            {past.length ? (
              <ul className="claims__list">{past.map(row)}</ul>
            ) : (
              <p>{t('dashboard.past.empty')}</p>
            )}
          </Section>
        </>
      )}
      {cancelling ? (
        <CancelClaimModal
          claim={cancelling}
          onDone={(cancelled) => {
            setCancelling(null);
            if (cancelled) setNotice(t('dashboard.cancel.success'));
          }}
        />
      ) : null}
    </DashboardFrame>
  );
}

function destinationLabel(destination: NonNullable<Claim['destination']>, t: TFunction): string {
  const option = destinationOption(destination);
  return t(option.labelKey, option.values);
}

function ClaimRow({
  claim,
  actions,
  children,
}: {
  claim: Claim;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const created = claim.createdAt ? new Date(claim.createdAt) : null;
  const merchant = claim.merchantName ?? t('dashboard.unknownMerchant');
  return (
    <li className="claim" aria-label={merchant}>
      <div className="claim__summary">
        <strong className="claim__amount">
          {formatMoney(claim.amount, claim.currency, locale)}
        </strong>{' '}
        <span className="claim__merchant">{merchant}</span>{' '}
        {created && !Number.isNaN(created.getTime()) ? (
          <time className="claim__date" dateTime={claim.createdAt}>
            {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(created)}
          </time>
        ) : null}{' '}
        <span className={`claim__status claim__status--${claim.status.toLowerCase()}`}>
          {t(`dashboard.status.${claim.status}`, { defaultValue: claim.status })}
        </span>
      </div>
      {claim.destination ? (
        // What the user chose when accepting: the amount they are paid and where it goes.
        <p className="claim__destination">
          {t('dashboard.paidTo', {
            amount: formatMoney(
              claim.targetAmount ?? claim.amount,
              claim.targetCurrency ?? claim.currency,
              locale,
            ),
            method: destinationLabel(claim.destination, t),
          })}
        </p>
      ) : null}
      {actions ? <div className="claim__actions">{actions}</div> : null}
      {children}
    </li>
  );
}

function CancelClaimModal({
  claim,
  onDone,
}: {
  claim: Claim;
  onDone: (cancelled: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [cancelClaim, { isLoading }] = useCancelClaimMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = async () => {
    setFailed(null);
    try {
      await cancelClaim(claim.id).unwrap();
      onDone(true);
    } catch (error) {
      setFailed(cancelFailure(error));
    }
  };
  return (
    <Modal
      open
      role="alertdialog"
      title={t('dashboard.cancel.title')}
      onClose={() => onDone(false)}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
            {t('dashboard.cancel.keep')}
          </button>
          <button
            type="button"
            className="button"
            disabled={isLoading}
            onClick={() => void confirm()}
          >
            {t('dashboard.cancel.confirm')}
          </button>
        </>
      }
    >
      <p>
        {t('dashboard.cancel.body', {
          amount: formatMoney(claim.amount, claim.currency, i18n.language || 'en'),
          merchant: claim.merchantName ?? t('dashboard.unknownMerchant'),
        })}
      </p>
      {failed ? <p role="alert">{t(failed)}</p> : null}
    </Modal>
  );
}

/**
 * The sentence for a failed cancel: a refusal (4xx) says why, since retrying cannot fix it; only a
 * network failure, a server error (5xx) or too many requests suggests trying again.
 */
function cancelFailure(error: unknown): string {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: { message?: unknown } };
  if (typeof status !== 'number' || status >= 500 || status === 429)
    return 'dashboard.cancel.failed';
  const message = typeof data?.message === 'string' ? data.message : '';
  if (message.startsWith('ProfileOnHold')) return 'dashboard.blocked.onHold';
  if (message.startsWith('ProfileNotActivated')) return 'dashboard.blocked.notActivated';
  if (message.startsWith('ClaimNotCancellable')) return 'dashboard.cancel.notCancellable';
  return 'dashboard.cancel.refused';
}
