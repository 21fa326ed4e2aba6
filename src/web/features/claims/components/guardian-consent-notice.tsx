// The notice a minor sees on the dashboard while GUARDIAN_CONSENT_PENDING: who was asked to consent
// and what that means for their claims, so the wait is not a mystery.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Guardian } from '../../../../core/types/entities/guardian';
import type { Minor } from '../../../../core/types/entities/minor';
import { Section } from '../../../components/section';

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

export function GuardianConsentNotice({ guardians }: { guardians: readonly Guardian[] }) {
  const { t } = useTranslation();
  // Those who have not answered yet; a guardian who already agreed is not waited for.
  const waitingFor = guardians.filter((g) => g.consent === null);
  return (
    <Section
      className="guardian-notice"
      title={t('guardians.notice.title')}
      description={t('guardians.notice.body')}
    >
      {waitingFor.length ? (
        waitingFor.map((guardian, index) => (
          <InvitedLine key={guardian.id ?? guardian.email ?? index} guardian={guardian} />
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
