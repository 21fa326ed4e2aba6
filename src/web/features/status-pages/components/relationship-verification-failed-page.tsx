// RELATIONSHIP_VERIFICATION_FAILED_FINAL: the final failure of the relationship check; only
// support can help now.
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function RelationshipVerificationFailedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('statusPages.relationshipVerificationFailed.title')}
      body={t('statusPages.relationshipVerificationFailed.body')}
      next={t('statusPages.relationshipVerificationFailed.next')}
    />
  );
}
