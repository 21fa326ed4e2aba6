// /physical-check: a paper check is mailed to the profile address; adding it needs that address.
// It is asked for as preferred when it is the user's first payout method (spec section 7).
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PageWrapper } from '../../../components/page-wrapper';
import { useGetProfileQuery } from '../../../api/profile-api';
import { useGetPaymentMethodsQuery } from '../../../api/payment-methods-api';
import { useCreatePhysicalCheckMutation } from '../../../api/payment-method-forms-api';
import { useMethodFailure } from './use-method-failure';
import { formatAddress } from '../../../../core/i18n/postal-address';

export default function PhysicalCheckPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useGetProfileQuery();
  const methods = useGetPaymentMethodsQuery();
  const [createCheck, creating] = useCreatePhysicalCheckMutation();
  const failure = useMethodFailure({ withForm: false });
  const address = profile?.addresses?.[0];

  const add = async () => {
    failure.clear();
    try {
      await createCheck({ preferred: !methods.data?.length }).unwrap();
      navigate('/settings');
    } catch (error) {
      failure.fail(error);
    }
  };

  return (
    <PageWrapper
      title={t('payoutMethods.physicalCheck.title')}
      lead={t('payoutMethods.physicalCheck.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      <h2 className="section__title">{t('payoutMethods.physicalCheck.address')}</h2>
      {address ? (
        <address className="physical-check__address">
          {formatAddress(address, i18n.language).map((line, index) => (
            <span key={index} className="details-list__line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p>{t('payoutMethods.physicalCheck.noAddress')}</p>
      )}
      {failure.message ? (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={creating.isLoading || methods.isLoading}
        onClick={() => void add()}
      >
        {t('payoutMethods.physicalCheck.add')}
      </button>
    </PageWrapper>
  );
}
