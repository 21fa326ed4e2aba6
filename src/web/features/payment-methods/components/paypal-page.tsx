// /paypal: "Connect PayPal" asks the server for PayPal's authorization URL (Log in with PayPal, a
// state bound to this session) and leaves for it; PayPal returns to the server's callback, which
// adds the account and comes back here, or to /paypal?error=<Name> when it refused.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiErrorName } from '../../../../core/errors/error-names';
import { PageWrapper } from '../../../components/page-wrapper';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import { useGetPaymentMethodsQuery } from '../../../api/payment-methods-api';
import { usePaypalAuthorizationUrlMutation } from '../../../api/payment-method-forms-api';
import { useMethodFailure } from './use-method-failure';

export default function PaypalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const refused = params.get('error');
  const methods = useGetPaymentMethodsQuery();
  const [authorize, authorizing] = usePaypalAuthorizationUrlMutation();
  // No form here: a failure is always a message.
  const { message, fail } = useMethodFailure({ withForm: false });

  const connect = () => {
    authorize()
      .unwrap()
      .then(({ url }) => leaveTo(url))
      .catch((failure: unknown) => fail(failure));
  };

  const method = methods.data?.find((m) => m.type === 'Paypal');
  const connectedEmail = method?.type === 'Paypal' ? method.paypal.email : undefined;
  // What the callback refused, in the person's language; the last call's failure first.
  const shown =
    message ??
    (refused ? t(isApiErrorName(refused) ? `errors.${refused}` : 'errors.generic') : null);

  return (
    <PageWrapper
      title={t('payoutMethods.paypal.title')}
      lead={t('payoutMethods.paypal.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {shown ? (
        <p className="form-error" role="alert">
          {shown}
        </p>
      ) : null}
      {methods.isLoading || authorizing.isLoading || authorizing.isSuccess ? (
        <Spinner label={methods.isLoading ? undefined : t('payoutMethods.paypal.connecting')} />
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
