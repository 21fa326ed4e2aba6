// GUARDIAN_CONSENT_REJECTED: the minor's guardian declined; the account cannot be paid as it is.
// Not a dead end (issue 28): the minor corrects the invitation (another guardian, a corrected
// address) and sends it again; the new invitation replaces the refused one, the status is pending
// again and the dashboard shows whom they asked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import type { Guardian } from '../../../../core/types/entities/guardian';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { useGetProfileQuery } from '../../../api/profile-api';
import { GuardianInviteForm } from '../../../components/guardian-invite-section';
import { StatusPage } from './status-page';

/**
 * The invitation the new one replaces: the latest refusal (the server withdraws every refusal), else
 * the latest one still waiting (operations may have recorded the refusal without the guardian's
 * answer), so the form starts from details to correct.
 */
const refusalOf = (guardians: readonly Guardian[] | undefined): Guardian | undefined => {
  const latest = [...(guardians ?? [])].reverse();
  return latest.find((g) => g.consent === 'false') ?? latest.find((g) => g.consent == null);
};

export default function GuardianConsentRejectedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile, isLoading } = useGetProfileQuery();
  const refused = refusalOf(profile?.guardians);
  const who =
    refused?.consent === 'false'
      ? [refused.firstName, refused.lastName].filter(Boolean).join(' ')
      : '';
  // Set as the invitation goes out: its answer turns the status to pending before the page has
  // moved on to the dashboard, which must not count as "opened in another status".
  const [sending, setSending] = useState(false);
  // Only a refused consent has this page; any other status goes where the root flow says.
  if (profile && profile.status !== 'GUARDIAN_CONSENT_REJECTED' && !sending)
    return <Navigate to="/" replace />;
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
                onSending={() => setSending(true)}
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
