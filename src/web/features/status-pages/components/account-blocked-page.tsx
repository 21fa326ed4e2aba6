// LOCKED or DEACTIVATED: the account cannot be used; support can unlock it.
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export default function AccountBlockedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('statusPages.accountBlocked.title')}
      body={t('statusPages.accountBlocked.body')}
      next={t('statusPages.accountBlocked.next')}
    />
  );
}
