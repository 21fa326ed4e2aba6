// The register form's agreement checkboxes: the schema-form checkbox, labelled by a sentence
// linking to the merchant's documents (branding.footer terms and privacy, branding
// .additionalAgreements). A link inside the label opens the document without ticking the box.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { newTabProps } from '../../../components/external-link';
import { LinkedText } from '../../../components/text-with-links';
import { LabelledCheckbox, type FormData } from '../../../components/schema-form';
import { useGetConfigurationQuery } from '../../../api/configuration-api';

type Props = WidgetProps<FormData>;

/** A link to a document, or its name alone when the merchant has not configured it. */
const documentLink = (href: string | undefined): ReactElement =>
  href ? <a href={href} {...newTabProps(href)} /> : <span />;

/** termsAccepted: "I accept the terms of service and the privacy policy", each a link. */
export function TermsCheckbox(props: Props) {
  const { t } = useTranslation();
  const footer = useGetConfigurationQuery().data?.branding.footer;
  return (
    <LabelledCheckbox
      widget={props}
      label={
        <LinkedText
          text={t('register.terms')}
          elements={[documentLink(footer?.termsUrl), documentLink(footer?.privacyUrl)]}
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
    <LabelledCheckbox
      widget={props}
      required
      label={
        <LinkedText
          text={t('register.additionalAgreements', {
            merchantName: branding?.merchantName ?? branding?.portalName ?? '',
          })}
          elements={[documentLink(branding?.additionalAgreements?.url)]}
        />
      }
    />
  );
}
