// /settings/guardian-consent/:minorId: a guardian decides for one minor who named them (spec
// section 4). Consent lets the minor go on with account setup once every guardian agreed; a refusal
// ends the minor's way to payment, so it is asked twice. Afterwards the guardian is led to the next
// minor still waiting for their decision, else to the dashboard.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { mayDo, refusalOf } from '../../../../core/profile/status-actions';
import type { Minor } from '../../../../core/types/entities/minor';
import type { Profile } from '../../../../core/types/entities/profile';
import type { ProfileStatus } from '../../../../core/types/entities/profile-status';
import { Modal } from '../../../components/modal';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { TilePage } from '../../../components/tile-page';
import { useConfirmGuardianConsentMutation, useGetProfileQuery } from '../../../api/profile-api';

export default function GuardianConsentPage() {
  const { minorId = '' } = useParams();
  // The "next minor" link stays on this route: a new minor starts with a fresh screen.
  return <ConsentScreen key={minorId} minorId={minorId} />;
}

interface Decision {
  consent: boolean;
  minorStatus: ProfileStatus;
}

type Failure = 'notFound' | 'notActivated' | 'onHold' | 'failed';

function ConsentScreen({ minorId }: { minorId: string }) {
  const { t } = useTranslation();
  const profile = useGetProfileQuery();
  const [confirmConsent, { isLoading: saving }] = useConfirmGuardianConsentMutation();
  const [asking, setAsking] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const title = t('pages.guardianConsent');

  if (!profile.data) {
    return (
      <TilePage title={title}>
        {profile.isError ? (
          <p role="alert">{t('guardians.consent.loadFailed')}</p>
        ) : (
          <Spinner label={t('guardians.consent.loading')} />
        )}
      </TilePage>
    );
  }

  const minor = profile.data.minors?.find((m) => m.id === minorId);
  if (failure === 'notFound' || (!minor && !decision)) {
    return (
      <TilePage title={title}>
        <p>{t('guardians.consent.notFound')}</p>
        <div className="schema-form__actions">
          <Link className="button" to="/">
            {t('guardians.consent.continue')}
          </Link>
        </div>
      </TilePage>
    );
  }
  // The server takes a decision only where the status table lets the guardian consent: on hold
  // they are told about the hold, otherwise to complete their own profile first.
  const refused: Failure | null =
    failure === 'notActivated' || failure === 'onHold'
      ? failure
      : !decision && !mayDo(profile.data.status, 'consentAsGuardian')
        ? refusalOf(profile.data.status) === 'ProfileOnHold'
          ? 'onHold'
          : 'notActivated'
        : null;
  if (refused) {
    return (
      <TilePage title={title}>
        <p role="note">{t(`guardians.consent.${refused}`)}</p>
        <div className="schema-form__actions">
          {refused === 'onHold' ? (
            <Link className="button" to="/dashboard">
              {t('guardians.consent.dashboard')}
            </Link>
          ) : (
            <Link className="button" to="/">
              {t('guardians.consent.completeProfile')}
            </Link>
          )}
        </div>
      </TilePage>
    );
  }

  const name = minor ? minorName(minor) : '';
  const who = name || t('guardians.consent.unnamedMinor');

  const decide = async (consent: boolean) => {
    setAsking(false);
    setFailure(null);
    try {
      const result = await confirmConsent({ minorId, consent }).unwrap();
      setDecision({ consent, minorStatus: result.minorStatus });
    } catch (error) {
      const { status, data } = error as { status?: unknown; data?: { message?: unknown } };
      const message = typeof data?.message === 'string' ? data.message : '';
      setFailure(
        status === 404
          ? 'notFound'
          : status === 409 && message.startsWith('ProfileOnHold')
            ? 'onHold'
            : status === 409 && message.startsWith('ProfileNotActivated')
              ? 'notActivated'
              : 'failed',
      );
    }
  };

  // Decided now, or already before (the minor's consent is no longer open).
  const outcome = decision
    ? decision.consent
      ? decision.minorStatus === 'GUARDIAN_CONSENT_PENDING'
        ? 'guardians.consent.result.consentedWaiting'
        : 'guardians.consent.result.consented'
      : 'guardians.consent.result.refused'
    : minor?.consent === 'true'
      ? 'guardians.consent.already.consented'
      : minor?.consent === 'false'
        ? 'guardians.consent.already.refused'
        : null;

  if (outcome) {
    return (
      <TilePage title={title}>
        <p role="status">{t(outcome, { name: who })}</p>
        <LeadOn profile={profile.data} decidedId={minorId} />
      </TilePage>
    );
  }

  return (
    <TilePage title={title} lead={t('guardians.consent.lead', { name: who })}>
      <Section title={t('guardians.consent.meaningTitle')}>
        <ul>
          <li>{t('guardians.consent.meaning.setup', { name: who })}</li>
          <li>{t('guardians.consent.meaning.payments')}</li>
          <li>{t('guardians.consent.meaning.refusal')}</li>
        </ul>
      </Section>
      <div className="schema-form__actions">
        <button
          type="button"
          className="button"
          disabled={saving}
          onClick={() => void decide(true)}
        >
          {saving ? t('guardians.consent.saving') : t('guardians.consent.confirm')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={saving}
          onClick={() => setAsking(true)}
        >
          {t('guardians.consent.deny')}
        </button>
      </div>
      {failure === 'failed' ? (
        <p className="code-dialog__message code-dialog__message--error" role="alert">
          {t('guardians.consent.failed')}
        </p>
      ) : null}
      <Modal
        open={asking}
        role="alertdialog"
        title={t('guardians.consent.denyTitle')}
        onClose={() => setAsking(false)}
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAsking(false)}
            >
              {t('guardians.consent.keep')}
            </button>
            <button
              type="button"
              className="button"
              disabled={saving}
              onClick={() => void decide(false)}
            >
              {t('guardians.consent.denyConfirm')}
            </button>
          </>
        }
      >
        <p>{t('guardians.consent.denyBody', { name: who })}</p>
      </Modal>
    </TilePage>
  );
}

const minorName = (minor: Minor) => [minor.firstName, minor.lastName].filter(Boolean).join(' ');

/** On to the next minor still waiting for this guardian's decision, else to the dashboard. */
function LeadOn({ profile, decidedId }: { profile: Profile; decidedId: string }) {
  const { t } = useTranslation();
  const next = (profile.minors ?? []).find((m) => m.id !== decidedId && m.consent === null);
  return (
    <div className="schema-form__actions">
      {next ? (
        <Link className="button" to={`/settings/guardian-consent/${next.id}`}>
          {t('guardians.consent.next', {
            name: minorName(next) || t('guardians.consent.unnamedMinor'),
          })}
        </Link>
      ) : (
        <Link className="button" to="/dashboard">
          {t('guardians.consent.dashboard')}
        </Link>
      )}
    </div>
  );
}
