// GUARDIAN_CONSENT_REJECTED: the minor's guardian declined; the account cannot be paid.
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function GuardianConsentRejectedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('statusPages.guardianConsentRejected.title')}
      body={t('statusPages.guardianConsentRejected.body')}
      next={t('statusPages.guardianConsentRejected.next')}
    />
  );
}
