// /zelle: creates or edits the one Zelle token; a new or changed token awaits the code sent to it,
// entered in the confirmation-code dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ZelleForm } from '../../../../core/types/forms/zelle';
import { ConfirmationCodeDialog } from '../../../components/confirmation-code-dialog';
import { PageWrapper } from '../../../components/page-wrapper';
import { SchemaForm, type FormData, type ServerFieldError } from '../../../components/schema-form';
import { Spinner } from '../../../components/spinner';
import {
  useGetPaymentMethodsQuery,
  useSaveZelleMutation,
  useSendZelleCodeMutation,
  useVerifyZelleMutation,
} from '../api/payment-methods-api';
import { readFailure } from './method-helpers';

export default function ZellePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useGetPaymentMethodsQuery();
  const [saveZelle] = useSaveZelleMutation();
  const [sendCode, sending] = useSendZelleCodeMutation();
  const [verifyZelle] = useVerifyZelleMutation();
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [prefix, setPrefix] = useState<string | null>(null);

  const zelle = methods.data?.find((m) => m.type === 'ZELLE');
  const token = zelle?.type === 'ZELLE' ? zelle.zelle : undefined;

  const submit = async (data: FormData) => {
    setServerErrors([]);
    setMessage(null);
    try {
      await saveZelle({ body: data as unknown as ZelleForm, existing: !!token }).unwrap();
    } catch (failure) {
      const { fields, message: text } = readFailure(failure, t);
      setServerErrors(fields);
      setMessage(text);
    }
  };

  const requestCode = async () => {
    setMessage(null);
    try {
      const sent = await sendCode({}).unwrap();
      setPrefix(sent.prefix);
    } catch (failure) {
      setMessage(readFailure(failure, t).message);
    }
  };

  return (
    <PageWrapper
      title={t('payoutMethods.zelle.title')}
      lead={t('payoutMethods.zelle.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {methods.isLoading ? (
        <Spinner />
      ) : (
        <>
          {message ? (
            <p className="form-error" role="alert">
              {message}
            </p>
          ) : null}
          {token?.status === 'AWAITS_OTP' ? (
            <div className="zelle__verify" role="status">
              <p>{t('payoutMethods.zelle.awaits')}</p>
              <button
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
            formData={
              token
                ? {
                    tokenType: token.tokenType,
                    email: token.email,
                    phone: token.phone,
                    firstName: token.firstName,
                    lastName: token.lastName,
                  }
                : undefined
            }
            serverErrors={serverErrors}
            submitLabel={t('payoutMethods.zelle.save')}
            onSubmit={submit}
          />
        </>
      )}
      <ConfirmationCodeDialog
        open={prefix !== null}
        prefix={prefix ?? ''}
        onClose={() => setPrefix(null)}
        onResend={async () => {
          const sent = await sendCode({}).unwrap();
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
