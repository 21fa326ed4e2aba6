// /paypal: "Connect PayPal" leaves for the PayPal connect page (the simulator here) with a state
// value; PayPal returns to /paypal?code=...&state=..., and the code is exchanged for the account.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageWrapper } from '../../../components/page-wrapper';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import {
  useCreatePaypalMutation,
  useGetPaymentMethodsQuery,
} from '../../../api/payment-methods-api';
import { useMethodFailure } from './method-helpers';

const STATE_KEY = 'paypal-connect-state';
export const CONNECT_PATH = '/master/paypal-sim/connect';

export default function PaypalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const returnedState = params.get('state');
  const methods = useGetPaymentMethodsQuery();
  const [createPaypal, creating] = useCreatePaypalMutation();
  // No form here: a failure of the exchange is always a message.
  const { message, fail, show } = useMethodFailure({ withForm: false });
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    if (!expected || expected !== returnedState) {
      // A return that this browser did not start is not exchanged.
      void Promise.resolve().then(() => show(t('payoutMethods.paypal.stateMismatch')));
      return;
    }
    createPaypal({ authorizationCode: code })
      .unwrap()
      .catch((failure: unknown) => fail(failure));
  }, [code, returnedState, createPaypal, fail, show, t]);

  const connect = () => {
    const state = crypto.randomUUID();
    sessionStorage.setItem(STATE_KEY, state);
    const query = new URLSearchParams({ redirect_uri: '/paypal', state });
    leaveTo(`${CONNECT_PATH}?${query.toString()}`);
  };

  const method = methods.data?.find((m) => m.type === 'Paypal');
  const email = creating.data?.type === 'Paypal' ? creating.data.paypal.email : undefined;
  const connectedEmail = email ?? (method?.type === 'Paypal' ? method.paypal.email : undefined);

  return (
    <PageWrapper
      title={t('payoutMethods.paypal.title')}
      lead={t('payoutMethods.paypal.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      {creating.isLoading || methods.isLoading ? (
        <Spinner label={creating.isLoading ? t('payoutMethods.paypal.connecting') : undefined} />
      ) : connectedEmail ? (
        <p role="status">{t('payoutMethods.paypal.connected', { email: connectedEmail })}</p>
      ) : (
        <button type="button" className="button" onClick={connect}>
          {t('payoutMethods.paypal.connect')}
        </button>
      )}
    </PageWrapper>
  );
}
