import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hintId } from '../field-ids';

/** The hint under a field whose clipboard is blocked. */
export function ClipboardHint({ id }: { id: string }) {
  const { t } = useTranslation();
  const hint = useMemo(() => t('form.clipboardBlocked'), [t]);
  return (
    <p id={hintId(id)} className="schema-form__hint">
      {hint}
    </p>
  );
}
