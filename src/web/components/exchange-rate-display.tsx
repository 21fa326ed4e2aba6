// A conversion at a glance: "$100.00 → €92.00", then the rate and when it was quoted. Amounts and
// the date follow the interface language (Intl); amounts arrive as decimal strings from the server.
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format-money';

export interface ExchangeRateDisplayProps {
  sourceAmount: string | number;
  sourceCurrency: string;
  targetAmount: string | number;
  targetCurrency: string;
  rate: string | number;
  /** When the rate was published (ISO; reference rates: midnight UTC of their day). */
  asOf: string;
  /** Who published the rate, as the rate table names it. */
  rateSource?: string;
  /** The publisher's code: named in the interface language when the texts know it. */
  rateSourceCode?: string;
  className?: string;
}

export function ExchangeRateDisplay({
  sourceAmount,
  sourceCurrency,
  targetAmount,
  targetCurrency,
  rate,
  asOf,
  rateSource,
  rateSourceCode,
  className,
}: ExchangeRateDisplayProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  // A known publisher in the reader's language; a deployer's own table by its own name.
  const sourceName = rateSourceCode
    ? t(`widgets.exchangeRate.sources.${rateSourceCode}`, { defaultValue: rateSource ?? '' })
    : rateSource;
  const target = formatMoney(targetAmount, targetCurrency, locale);
  // Paid in the claim's own currency: nothing is converted, so no rate and no rate date to show.
  if (sourceCurrency === targetCurrency) {
    return (
      <div className={['exchange-rate', className].filter(Boolean).join(' ')}>
        <p className="exchange-rate__amounts">
          <strong className="exchange-rate__target">{target}</strong>
        </p>
        <p className="exchange-rate__meta">
          {t('widgets.exchangeRate.noConversion', { currency: targetCurrency })}
        </p>
      </div>
    );
  }
  const source = formatMoney(sourceAmount, sourceCurrency, locale);
  const formattedRate = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(
    Number(rate),
  );
  // Reference rates are published for a day: that day, as the server names it (UTC).
  const date = new Date(asOf);
  const formattedDate = Number.isNaN(date.getTime())
    ? asOf
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return (
    <div
      className={['exchange-rate', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={t('widgets.exchangeRate.label')}
    >
      <p className="exchange-rate__amounts">
        <span className="exchange-rate__source">{source}</span>
        <span className="exchange-rate__arrow" aria-hidden="true">
          →
        </span>
        <span className="visually-hidden"> {t('widgets.exchangeRate.becomes')} </span>
        <strong className="exchange-rate__target">{target}</strong>
      </p>
      <p className="exchange-rate__meta">
        <span>
          {t('widgets.exchangeRate.rate', {
            source: sourceCurrency,
            rate: formattedRate,
            target: targetCurrency,
          })}
        </span>
        <span aria-hidden="true"> · </span>
        <time dateTime={asOf}>{t('widgets.exchangeRate.asOf', { date: formattedDate })}</time>
        {sourceName ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="exchange-rate__source-name">
              {t('widgets.exchangeRate.source', { source: sourceName })}
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}
