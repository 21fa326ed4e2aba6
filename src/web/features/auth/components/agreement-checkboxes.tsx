// The register form's agreement checkboxes: the schema-form checkbox, but labelled by a sentence
// linking to the merchant's documents (branding.footer terms and privacy, branding
// .additionalAgreements). A link inside the label opens the document without ticking the box.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactElement, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { newTabProps } from '../../../components/external-link';
import type { FormData } from '../../../components/schema-form';
import { describedBy } from '../../../components/schema-form/field-ids';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';

type Props = WidgetProps<FormData>;

/** A link to a document, or its name alone when the merchant has not configured it. */
const documentLink = (href: string | undefined): ReactElement =>
  href ? <a href={href} {...newTabProps(href)} /> : <span />;

function AgreementCheckbox({
  widget,
  label,
  required,
}: {
  widget: Props;
  label: ReactNode;
  required: boolean;
}) {
  const { id, value, onChange, onBlur, onFocus, schema, uiSchema, rawErrors } = widget;
  return (
    <label className="schema-form__check">
      <input
        id={id}
        name={widget.htmlName || id}
        type="checkbox"
        checked={value === true}
        disabled={widget.disabled || widget.readonly}
        required={required}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>
        {label}
        {required ? (
          <span className="schema-form__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/** termsAccepted: "I accept the terms of service and the privacy policy", each a link. */
export function TermsCheckbox(props: Props) {
  const { t } = useTranslation();
  const footer = useGetConfigurationQuery().data?.branding.footer;
  return (
    <AgreementCheckbox
      widget={props}
      required={props.required ?? false}
      label={
        <Trans
          t={t}
          i18nKey="register.terms"
          components={[documentLink(footer?.termsUrl), documentLink(footer?.privacyUrl)]}
        />
      }
    />
  );
}

/** additionalAgreementsAccepted: shown, and required, only for a merchant that has them. */
export function AdditionalAgreementsCheckbox(props: Props) {
  const { t } = useTranslation();
  const branding = useGetConfigurationQuery().data?.branding;
  return (
    <AgreementCheckbox
      widget={props}
      required
      label={
        <Trans
          t={t}
          i18nKey="register.additionalAgreements"
          values={{ merchantName: branding?.merchantName ?? branding?.portalName ?? '' }}
          components={[documentLink(branding?.additionalAgreements?.url)]}
        />
      }
    />
  );
}
