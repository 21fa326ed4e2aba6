// /settings, composed by the app from two features: the profile summary (settings) and the
// payout methods (payment-methods), which do not import each other.
import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../components/page-wrapper';
import { Spinner } from '../../components/spinner';
import { PayoutMethodList } from '../../features/payment-methods/components/payout-method-list';
import { useGetProfileQuery } from '../../api/profile-api';
import { DeleteAccount } from '../../features/settings/components/delete-account';
import { ProfileSummary } from '../../features/settings/components/profile-summary';

export default function SettingsScreen() {
  const { t } = useTranslation();
  const { data: profile } = useGetProfileQuery();
  return (
    <PageWrapper title={t('settings.title')} lead={t('settings.lead')} width="dashboard">
      {profile ? <ProfileSummary profile={profile} /> : <Spinner />}
      <PayoutMethodList status={profile?.status} />
      {profile ? <DeleteAccount /> : null}
    </PageWrapper>
  );
}
