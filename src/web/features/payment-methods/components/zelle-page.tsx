// /zelle: creates or edits the one Zelle token; a new or changed token awaits the code sent to it:
// saving sends the code at once and opens the confirmation-code dialog. A token already confirmed
// whose change keeps it confirmed (the names) goes back to settings.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ZelleForm } from '../../../../core/types/forms/zelle';
import { ConfirmationCodeDialog } from '../../../components/confirmation-code-dialog';
import { preloadConfirmationCodeDialog } from '../../../components/confirmation-code-dialog-loader';
import { randomPrefix } from '../../../components/use-code-entry';
import { PageWrapper } from '../../../components/page-wrapper';
import { SchemaForm, type FormData } from '../../../components/schema-form';
import { Spinner } from '../../../components/spinner';
import { useGetPaymentMethodsQuery } from '../../../api/payment-methods-api';
import {
  useSaveZelleMutation,
  useSendZelleCodeMutation,
  useVerifyZelleMutation,
} from '../../../api/payment-method-forms-api';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { useMethodFailure } from './use-method-failure';
import { PAYOUT_ADDRESS_FIELDS, usePaymentAddress } from './payment-address';

export default function ZellePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useGetPaymentMethodsQuery();
  const [saveZelle] = useSaveZelleMutation();
  const [sendCode, sending] = useSendZelleCodeMutation();
  const [verifyZelle] = useVerifyZelleMutation();
  const failure = useMethodFailure();
  const [prefix, setPrefix] = useState<string | null>(null);
  // Disabled while a code is sent, so it loses focus: the dialog gives focus back to it.
  const sendButton = useRef<HTMLButtonElement>(null);

  const zelle = methods.data?.find((m) => m.type === 'ZELLE');
  const token = zelle?.type === 'ZELLE' ? zelle.zelle : undefined;
  // One object per token: a new object would replace what the user is typing.
  const formData = useMemo<FormData>(
    () =>
      token
        ? {
            tokenType: token.tokenType,
            email: token.email,
            phone: token.phone,
            firstName: token.firstName,
            lastName: token.lastName,
          }
        : {},
    [token],
  );
  // The account holder's address: the profile's unless unticked (or stored elsewhere).
  const address = usePaymentAddress(
    PAYOUT_ADDRESS_FIELDS,
    formData,
    token?.address,
    methods.isLoading,
  );
  const { data: configuration } = useGetConfigurationQuery();

  const requestCode = async () => {
    failure.clear();
    preloadConfirmationCodeDialog();
    try {
      const sent = await sendCode({ otpPrefix: randomPrefix() }).unwrap();
      setPrefix(sent.prefix);
    } catch (error) {
      failure.fail(error);
    }
  };

  const submit = async (entered: FormData) => {
    failure.clear();
    const data = address.complete(entered);
    let saved;
    try {
      saved = await saveZelle({ body: data as unknown as ZelleForm, existing: !!token }).unwrap();
    } catch (error) {
      address.reveal(failure.fail(error).fields);
      return;
    }
    if (saved.type === 'ZELLE' && saved.zelle.status === 'AWAITS_OTP') await requestCode();
    else navigate('/settings');
  };

  return (
    <PageWrapper
      title={t('payoutMethods.zelle.title')}
      lead={t('payoutMethods.zelle.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {!address.ready ? (
        <Spinner />
      ) : (
        <>
          {failure.message ? (
            <p className="form-error" role="alert">
              {failure.message}
            </p>
          ) : null}
          {token?.status === 'AWAITS_OTP' ? (
            <div className="zelle__verify" role="status">
              <p>{t('payoutMethods.zelle.awaits')}</p>
              <button
                ref={sendButton}
                type="button"
                className="button"
                disabled={sending.isLoading}
                onClick={() => void requestCode()}
              >
                {t('payoutMethods.zelle.sendCode')}
              </button>
            </div>
          ) : token ? (
            <p role="status">{t('payoutMethods.zelle.verified')}</p>
          ) : null}
          <SchemaForm
            formId="zelle"
            formData={address.formData}
            onChange={address.onChange}
            uiSchema={address.uiSchema}
            countries={configuration?.supportedCountries}
            serverErrors={failure.serverErrors}
            submitLabel={t('payoutMethods.zelle.save')}
            onSubmit={submit}
          />
        </>
      )}
      <ConfirmationCodeDialog
        open={prefix !== null}
        returnFocus={sendButton}
        prefix={prefix ?? ''}
        onClose={() => setPrefix(null)}
        onResend={async () => {
          const sent = await sendCode({ otpPrefix: randomPrefix() }).unwrap();
          setPrefix(sent.prefix);
        }}
        onConfirm={async (otp) => {
          await verifyZelle({ otp }).unwrap();
          setPrefix(null);
          navigate('/settings');
        }}
      />
    </PageWrapper>
  );
}
