// The notice a minor sees on the dashboard while GUARDIAN_CONSENT_PENDING: who was asked to consent
// and what that means for their claims, so the wait is not a mystery. A mistyped address or a lost
// link is not a dead end: each invitation can be corrected and sent again, replacing the old one.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { Guardian } from '../../../../core/types/entities/guardian';
import type { Minor } from '../../../../core/types/entities/minor';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';

// The form engine loads only when a minor corrects an invitation, not with every dashboard.
const GuardianInviteForm = lazy(() => import('../../../components/guardian-invite-section'));

/** Who a new invitation went to, as the rejected page passes it on (navigation state). */
export interface GuardianInvited {
  name: string;
  email: string;
}

const invitedOf = (state: unknown): GuardianInvited | null => {
  const invited =
    state && typeof state === 'object'
      ? (state as { guardianInvited?: unknown }).guardianInvited
      : undefined;
  return invited &&
    typeof invited === 'object' &&
    typeof (invited as GuardianInvited).email === 'string'
    ? {
        name: String((invited as GuardianInvited).name ?? ''),
        email: (invited as GuardianInvited).email,
      }
    : null;
};

const fullName = (guardian: Guardian) =>
  [guardian.firstName, guardian.lastName].filter(Boolean).join(' ');

function InvitedLine({ guardian }: { guardian: Guardian }) {
  const { t } = useTranslation();
  const name = fullName(guardian);
  const email = guardian.email;
  if (name && email) return <p>{t('guardians.notice.sentToNameEmail', { name, email })}</p>;
  if (name || email) return <p>{t('guardians.notice.sentTo', { who: name || email })}</p>;
  return <p>{t('guardians.notice.sentToUnknown')}</p>;
}

function CorrectInvitation({
  guardian,
  onSent,
  onCancel,
}: {
  guardian: Guardian;
  onSent: (invited: GuardianInvited) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Section
      headingLevel={3}
      title={t('guardians.correct.title')}
      description={t('guardians.correct.body')}
    >
      <Suspense fallback={<Spinner />}>
        <GuardianInviteForm
          replacing={guardian}
          submitLabel={t('guardians.correct.submit')}
          onSent={(_profile, invited) => onSent(invited)}
        >
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('guardians.correct.cancel')}
          </button>
        </GuardianInviteForm>
      </Suspense>
    </Section>
  );
}

export function GuardianConsentNotice({ guardians }: { guardians: readonly Guardian[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Which invitation is being corrected, and to whom the last new one went.
  const [correcting, setCorrecting] = useState<string | null>(null);
  const [sent, setSent] = useState<GuardianInvited | null>(() => invitedOf(location.state));
  // Those who have not answered yet; a guardian who already agreed is not waited for.
  const waitingFor = guardians.filter((g) => g.consent === null);
  return (
    <Section
      className="guardian-notice"
      title={t('guardians.notice.title')}
      description={t('guardians.notice.body')}
    >
      {sent ? (
        <p role="status" className="guardian-notice__sent">
          {sent.name
            ? t('guardians.correct.sentToNameEmail', { name: sent.name, email: sent.email })
            : t('guardians.correct.sentTo', { email: sent.email })}
        </p>
      ) : null}
      {waitingFor.length ? (
        waitingFor.map((guardian, index) => (
          <div key={guardian.id ?? guardian.email ?? index} className="guardian-notice__guardian">
            <InvitedLine guardian={guardian} />
            {guardian.id && correcting === guardian.id ? (
              <CorrectInvitation
                guardian={guardian}
                onCancel={() => setCorrecting(null)}
                onSent={(invited) => {
                  setCorrecting(null);
                  setSent(invited);
                }}
              />
            ) : guardian.id ? (
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('guardians.correct.actionFor', {
                  who: fullName(guardian) || guardian.email || '',
                })}
                onClick={() => {
                  setSent(null);
                  setCorrecting(guardian.id ?? null);
                }}
              >
                {t('guardians.correct.action')}
              </button>
            ) : null}
          </div>
        ))
      ) : (
        <p>{t('guardians.notice.sentToUnknown')}</p>
      )}
      <p>{t('guardians.notice.next')}</p>
    </Section>
  );
}

/**
 * A guardian who registered from a minor's invitation lands here (root flow: VERIFIED with a minor
 * lacking consent) before their own profile is complete; consent needs an activated guardian.
 */
export function GuardianSetupNotice({ minors }: { minors: readonly Minor[] }) {
  const { t } = useTranslation();
  const waiting = minors.filter((m) => m.consent === null);
  if (!waiting.length) return null;
  const names = waiting
    .map((m) => [m.firstName, m.lastName].filter(Boolean).join(' '))
    .filter(Boolean);
  return (
    <Section
      className="guardian-notice"
      title={
        names.length
          ? t('guardians.setup.title', { names: names.join(', ') })
          : t('guardians.setup.titleUnnamed')
      }
      description={t('guardians.setup.body')}
    >
      <div className="schema-form__actions">
        <Link className="button" to="/registration">
          {t('guardians.setup.action')}
        </Link>
      </div>
    </Section>
  );
}
