// /physical-check: a paper check is mailed to the profile address; adding it needs that address.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PageWrapper } from '../../../components/page-wrapper';
import { useGetProfileQuery } from '../../profile/api/profile-api';
import { useCreatePhysicalCheckMutation } from '../api/payment-methods-api';
import { readFailure } from './method-helpers';

export default function PhysicalCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useGetProfileQuery();
  const [createCheck, creating] = useCreatePhysicalCheckMutation();
  const [message, setMessage] = useState<string | null>(null);
  const address = profile?.addresses?.[0];

  const add = async () => {
    setMessage(null);
    try {
      await createCheck({ preferred: false }).unwrap();
      navigate('/settings');
    } catch (failure) {
      setMessage(readFailure(failure, t).message);
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
          {[
            address.addressLine1,
            address.addressLine2,
            [address.city, address.state, address.postalCode].filter(Boolean).join(' '),
            address.countryCode,
          ]
            .filter(Boolean)
            .map((line, index) => (
              <span key={index} className="details-list__line">
                {line}
              </span>
            ))}
        </address>
      ) : (
        <p>{t('payoutMethods.physicalCheck.noAddress')}</p>
      )}
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={creating.isLoading}
        onClick={() => void add()}
      >
        {t('payoutMethods.physicalCheck.add')}
      </button>
    </PageWrapper>
  );
}
