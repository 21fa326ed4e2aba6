import { useTranslation } from 'react-i18next';

function SpinnerView({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

function TranslatedSpinner() {
  const { t } = useTranslation();
  return <SpinnerView label={t('common.loading')} />;
}

/** A loading indicator; with a label it needs no translations (the shell shows it before i18n). */
export function Spinner({ label }: { label?: string }) {
  return label === undefined ? <TranslatedSpinner /> : <SpinnerView label={label} />;
}
