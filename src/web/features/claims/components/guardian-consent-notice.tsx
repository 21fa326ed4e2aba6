// The notice a minor sees on the dashboard while GUARDIAN_CONSENT_PENDING: who was asked to consent
// and what that means for their claims, so the wait is not a mystery.
import { useTranslation } from 'react-i18next';
import type { Guardian } from '../../../../core/types/entities/guardian';
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
