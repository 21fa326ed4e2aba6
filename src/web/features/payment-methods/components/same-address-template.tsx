// The same-address checkbox of a payout form (payment-address.ts), drawn just above the first
// address field, with the profile's address under it while checked.
import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface SameAddressControl {
  checked: boolean;
  lines: readonly string[];
  onToggle: (checked: boolean) => void;
}

type TemplateProps = FieldTemplateProps<Record<string, unknown>, RJSFSchema>;

/** The first address field's template: the checkbox (and the address it uses), then the field. */
export function SameAddressTemplate(props: TemplateProps) {
  const { t } = useTranslation();
  const summaryId = useId();
  // Read straight from the uiSchema (usePaymentAddress puts it there): no RJSF helper, so the page
  // that imports this template does not need the form engine before its first render.
  const control = props.uiSchema?.['ui:sameAddress'] as SameAddressControl | undefined;
  const Field = props.registry.templates.FieldTemplate;
  return (
    <>
      {control ? (
        <div className="schema-form__field schema-form__field--sameAddress">
          <label className="schema-form__check">
            <input
              type="checkbox"
              checked={control.checked}
              disabled={props.disabled || props.readonly}
              aria-describedby={control.checked ? summaryId : undefined}
              onChange={(event) => control.onToggle(event.target.checked)}
            />
            <span>{t('payoutMethods.address.sameAsProfile')}</span>
          </label>
          {control.checked ? (
            <p id={summaryId} className="schema-form__help">
              {control.lines.join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
      <Field {...props} />
    </>
  );
}
