// GUARDIAN_CONSENT_REJECTED: the minor's guardian declined; the account cannot be paid as it is.
// Not a dead end (issue 28): the minor corrects the invitation (another guardian, a corrected
// address) and sends it again; the new invitation replaces the refused one, the status is pending
// again and the dashboard shows whom they asked.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Guardian } from '../../../../core/types/entities/guardian';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { useGetProfileQuery } from '../../profile/api/profile-api';
import { GuardianInviteForm } from '../../registration/components/guardian-invite-section';
import { StatusPage } from './status-page';

/** The refusal the new invitation replaces: the latest one (the server withdraws every refusal). */
const refusalOf = (guardians: readonly Guardian[] | undefined): Guardian | undefined =>
  [...(guardians ?? [])].reverse().find((g) => g.consent === 'false');

export default function GuardianConsentRejectedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile, isLoading } = useGetProfileQuery();
  const refused = refusalOf(profile?.guardians);
  const who = refused ? [refused.firstName, refused.lastName].filter(Boolean).join(' ') : '';
  return (
    <StatusPage
      title={t('statusPages.guardianConsentRejected.title')}
      body={
        <>
          <p>{t('statusPages.guardianConsentRejected.body')}</p>
          <Section
            headingLevel={2}
            title={t('guardians.rejected.title')}
            description={
              who ? t('guardians.rejected.bodyNamed', { name: who }) : t('guardians.rejected.body')
            }
          >
            {isLoading ? (
              <Spinner />
            ) : (
              <GuardianInviteForm
                // Remounted with the profile, so the form starts from the refused invitation.
                key={refused?.id ?? 'new'}
                replacing={refused}
                submitLabel={t('guardians.correct.submit')}
                onSent={(_profile, invited) =>
                  void navigate('/dashboard', { state: { guardianInvited: invited } })
                }
              />
            )}
          </Section>
        </>
      }
      next={t('statusPages.guardianConsentRejected.next')}
    />
  );
}
