// /settings, composed by the app from two features: the profile summary (settings) and the
// payout methods (payment-methods), which do not import each other.
import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../components/page-wrapper';
import { SETTINGS_FRAME } from '../../../core/routes/frames/settings';
import { Spinner } from '../../components/spinner';
import { PayoutMethodList } from '../../features/payment-methods/components/payout-method-list';
import { useGetProfileQuery } from '../../api/profile-api';
import { DeleteAccount } from '../../features/settings/components/delete-account';
import { ProfileSummary } from '../../features/settings/components/profile-summary';

export default function SettingsScreen() {
  const { t } = useTranslation();
  const { data: profile } = useGetProfileQuery();
  return (
    // The words the server painted before any script (core/routes/frames/settings.ts), the same keys.
    <PageWrapper
      title={t(SETTINGS_FRAME.title)}
      lead={t(SETTINGS_FRAME.lead)}
      width={SETTINGS_FRAME.width}
    >
      {profile ? <ProfileSummary profile={profile} /> : <Spinner />}
      <PayoutMethodList status={profile?.status} />
      {profile ? <DeleteAccount /> : null}
    </PageWrapper>
  );
}
