// Accepting one claim: choose a usable payout method (the preferred one first) and the currency to
// be paid in, see the converted amount, then confirm with the one-time code sent for this claim.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Claim } from '../../../../core/types/entities/claim';
import { ConfirmationCodeDialog } from '../../../components/confirmation-code-dialog';
import { preloadConfirmationCodeDialog } from '../../../components/confirmation-code-dialog-loader';
import { ExchangeRateDisplay } from '../../../components/exchange-rate-display';
import { Spinner } from '../../../components/spinner';
import { useGetPaymentMethodsQuery } from '../../../api/payment-methods-api';
import {
  useAcceptClaimMutation,
  useGetQuoteQuery,
  useSendAcceptanceCodeMutation,
} from '../api/claims-api';
import { randomPrefix } from '../../../components/use-code-entry';
import { payoutOption } from './payout-method-label';

/** The stable name of a failed quote ("ExchangeRateStale: ..."), if the server gave one. */
function quoteFailureMessage(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  const message = typeof data?.message === 'string' ? data.message : '';
  return /^(\w+):/.exec(message)?.[1];
}

export interface AcceptClaimPanelProps {
  claim: Claim;
  onAccepted: () => void;
  onClose: () => void;
}

export function AcceptClaimPanel({ claim, onAccepted, onClose }: AcceptClaimPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const currencyId = useId();
  const methods = useGetPaymentMethodsQuery();
  const options = (methods.data ?? []).map(payoutOption);
  const usable = options.filter((o) => o.usable);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? (usable.find((o) => o.preferred) ?? usable[0])?.id ?? null;

  // Only what the chosen method can receive is offered: the claim's own currency first when it can.
  const currencies = options.find((o) => o.id === selected)?.currencies ?? [];
  const [chosenCurrency, setCurrency] = useState(claim.currency);
  const currency = currencies.includes(chosenCurrency)
    ? chosenCurrency
    : currencies.includes(claim.currency)
      ? claim.currency
      : (currencies[0] ?? claim.currency);
  const quote = useGetQuoteQuery(
    { claimId: claim.id, targetCurrency: currency, paymentMethodId: selected ?? undefined },
    { skip: !selected || !currencies.length },
  );
  const quoteFailure = quoteFailureMessage(quote.error);
  // The quote for what is chosen now: never an earlier currency's conversion.
  const shownQuote = quote.isError ? undefined : quote.currentData;

  const [sendCode, sending] = useSendAcceptanceCodeMutation();
  const [accept] = useAcceptClaimMutation();
  const [prefix, setPrefix] = useState<string | null>(null);
  // Disabled while the code is sent, so it loses focus: the dialog gives focus back to it.
  const continueButton = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);

  const requestCode = async () => {
    if (!selected) return;
    preloadConfirmationCodeDialog();
    const sent = await sendCode({
      claimId: claim.id,
      prefix: randomPrefix(),
      paymentMethodId: selected,
      targetCurrency: currency,
    }).unwrap();
    setPrefix(sent.prefix);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    setError(null);
    try {
      await requestCode();
    } catch {
      setError(t('dashboard.accept.sendFailed'));
    }
  };

  return (
    <section className="claim-accept" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('dashboard.accept.title', { merchant: claim.merchantName ?? '' })}</h3>
      {methods.isLoading ? (
        <Spinner />
      ) : options.length === 0 ? (
        <p>
          {t('dashboard.accept.noMethods')}{' '}
          <Link to="/settings">{t('dashboard.accept.addMethod')}</Link>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="schema-form__radios">
            <legend>{t('dashboard.accept.methodLegend')}</legend>
            {options.map((option) => {
              const hintId = `${headingId}-${option.id}-hint`;
              return (
                <div key={option.id} className="schema-form__check">
                  <label>
                    <input
                      type="radio"
                      name={`${headingId}-method`}
                      value={option.id}
                      checked={option.usable && selected === option.id}
                      disabled={!option.usable}
                      aria-describedby={option.usable ? undefined : hintId}
                      onChange={() => setChosen(option.id)}
                    />{' '}
                    {t(option.labelKey, option.values)}
                    {option.preferred ? ` (${t('dashboard.accept.preferred')})` : null}
                  </label>
                  {option.usable ? null : (
                    <p id={hintId} className="schema-form__hint">
                      {t('dashboard.accept.zelleAwaitsCode')}{' '}
                      <Link to="/zelle">{t('dashboard.accept.verifyZelle')}</Link>
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
          <div className="schema-form__field">
            <label htmlFor={currencyId} className="schema-form__label">
              {t('dashboard.accept.currency')}
            </label>
            <select
              id={currencyId}
              className="schema-form__select"
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          {!currencies.length ? (
            <p role="alert">{t('dashboard.accept.noCurrency')}</p>
          ) : quote.isError ? (
            <p role="alert">
              {quoteFailure === 'ExchangeRateStale'
                ? t('dashboard.accept.rateStale', { target: currency, source: claim.currency })
                : quoteFailure === 'CurrencyNotReceivable'
                  ? t('dashboard.accept.currencyNotReceivable', { currency })
                  : t('dashboard.accept.quoteFailed')}
            </p>
          ) : shownQuote ? (
            <ExchangeRateDisplay
              sourceAmount={claim.amount}
              sourceCurrency={claim.currency}
              targetAmount={shownQuote.targetAmount}
              targetCurrency={shownQuote.targetCurrency}
              rate={shownQuote.rate}
              asOf={shownQuote.asOf}
              rateSource={shownQuote.source}
              rateSourceCode={shownQuote.sourceCode}
            />
          ) : (
            <Spinner />
          )}
          {error ? (
            <p role="alert" className="schema-form__error">
              {error}
            </p>
          ) : null}
          <div className="schema-form__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('dashboard.accept.back')}
            </button>
            <button
              ref={continueButton}
              type="submit"
              className="button"
              disabled={
                !selected ||
                !usable.some((o) => o.id === selected) ||
                !shownQuote ||
                sending.isLoading
              }
            >
              {t('dashboard.accept.continue')}
            </button>
          </div>
        </form>
      )}
      <ConfirmationCodeDialog
        open={prefix !== null}
        returnFocus={continueButton}
        prefix={prefix ?? ''}
        onConfirm={async (otp) => {
          if (!selected) return;
          await accept({
            claimId: claim.id,
            otp,
            paymentMethodId: selected,
            targetCurrency: currency,
          }).unwrap();
          setPrefix(null);
          onAccepted();
        }}
        onResend={requestCode}
        onClose={() => setPrefix(null)}
      />
    </section>
  );
}
