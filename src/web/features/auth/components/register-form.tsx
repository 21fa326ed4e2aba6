// The register form of /auth/register (spec sections 2, 5 and 8): the email the invitation was sent
// to (shown, not editable), a password typed twice, the contact type, the terms and privacy policy,
// and, for a merchant with additional agreements, those instead of the contact type. The button
// stays disabled while a rule is broken; errors show as the user goes. A claim invitation
// (claim_id) registers for the claim, any other invitation (user_id) by its token.
import type { UiSchema } from '@rjsf/utils';
import { useMemo, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Branding } from '../../../../core/types/entities/branding';
import type { PreferredContact } from '../../../../core/types/entities/preferred-contact';
import { Modal } from '../../../components/modal';
import {
  SchemaForm,
  useFormVariant,
  type FormData,
  type ServerFieldError,
} from '../../../components/schema-form';
import { TextWithLinks } from '../../../components/text-with-links';
import { errorText } from '../../../lib/api-error';
import { i18next, isLocale, type Locale } from '../../../lib/i18n';
import { useRegisterByTokenMutation, useRegisterForClaimMutation } from '../../../api/profile-api';
import {
  fieldErrorsOf,
  fieldOfInputId,
  liveErrors,
  registerErrors,
  registerFailure,
  type RegisterFailure,
} from '../lib/registration';
import { AdditionalAgreementsCheckbox, TermsCheckbox } from './agreement-checkboxes';

/** The language showing, as a request field: registration stores it as the person's language. */
const shownLanguage = (): { preferredLanguage?: Locale } =>
  isLocale(i18next.language) ? { preferredLanguage: i18next.language } : {};

export interface RegisterFormProps {
  /** The email of the invitation (token info). */
  email: string;
  /** The invitation: user_id, else claim_id. */
  tokenId: string;
  /** The claim registered for (claim_id without user_id); null registers by token. */
  claimId: string | null;
  branding: Branding;
}

const WITH_CONTACT_TYPE: UiSchema = {
  termsAccepted: { 'ui:widget': TermsCheckbox },
  additionalAgreementsAccepted: { 'ui:widget': 'hidden' },
};
// The merchant's additional agreements replace the contact type choice (email only).
const WITH_AGREEMENTS: UiSchema = {
  termsAccepted: { 'ui:widget': TermsCheckbox },
  preferredContact: { 'ui:widget': 'hidden' },
  additionalAgreementsAccepted: { 'ui:widget': AdditionalAgreementsCheckbox },
};

/** A refused registration: what the error line says, and the server's field errors with the data
 * they were about (each shows until its field changes). */
interface Refusal {
  failure: RegisterFailure;
  fieldErrors: ServerFieldError[];
  sent: FormData;
}

export function RegisterForm({ email, tokenId, claimId, branding }: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agreementsRequired = Boolean(branding.additionalAgreements);
  const form = useFormVariant('register');
  const [data, setData] = useState<FormData>(() => ({ email, preferredContact: 'EMAIL_ONLY' }));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [registered, setRegistered] = useState(false);
  const [registerForClaim] = useRegisterForClaimMutation();
  const [registerByToken] = useRegisterByTokenMutation();

  const errors = useMemo(
    () => (form.status === 'ready' ? registerErrors(form.variant, data, agreementsRequired) : null),
    [form, data, agreementsRequired],
  );
  const valid = errors !== null && errors.length === 0;
  // SchemaForm shows its own errors only after a submit attempt, which the disabled button never
  // makes: the errors to show before one go in beside the server's.
  const shownErrors = useMemo(
    () => [
      ...liveErrors(errors ?? [], touched),
      // Form-level errors (path '') belong to the line under the form, not to a field.
      ...(refusal?.fieldErrors ?? []).filter((e) => {
        if (!e.path) return false;
        const field = e.path.split('/')[1] ?? '';
        return data[field] === refusal?.sent[field];
      }),
    ],
    [errors, touched, refusal, data],
  );

  const leaveField = (event: FocusEvent<HTMLDivElement>) => {
    const field = fieldOfInputId(event.target.id);
    if (field && !touched.has(field)) setTouched(new Set(touched).add(field));
  };

  const register = async (submitted: FormData) => {
    // The button is disabled while the form is invalid; this stops any other way of submitting.
    if (!valid) return;
    setRefusal(null);
    const password = String(submitted.password);
    const preferredContact: PreferredContact = agreementsRequired
      ? 'EMAIL_ONLY'
      : (submitted.preferredContact as PreferredContact);
    // The API's request types predate the additional agreements; the server reads them.
    const agreements = agreementsRequired
      ? { additionalAgreementsAccepted: submitted.additionalAgreementsAccepted === true }
      : {};
    try {
      if (claimId) {
        const body: Parameters<typeof registerForClaim>[0] = {
          data: {
            email,
            preferredContact,
            termsAccepted: true,
            passwordConfirmation: String(submitted.passwordConfirmation),
            ...agreements,
            // The language this page is shown in becomes the person's (their mails use it).
            ...shownLanguage(),
          },
          password,
          claimId,
        };
        await registerForClaim(body).unwrap();
      } else {
        const body: Parameters<typeof registerByToken>[0] = {
          tokenId,
          password,
          preferredContact,
          termsAccepted: true,
          ...agreements,
          ...shownLanguage(),
        };
        await registerByToken(body).unwrap();
      }
      setRegistered(true);
    } catch (failure) {
      setRefusal({
        failure: registerFailure(failure, claimId ? 'claim' : 'token'),
        fieldErrors: fieldErrorsOf(failure),
        sent: submitted,
      });
    }
  };

  const toSignIn = () => void navigate('/auth/login');

  return (
    <>
      <div onBlur={leaveField}>
        <SchemaForm
          formId="register"
          formData={data}
          onChange={setData}
          onSubmit={register}
          serverErrors={shownErrors}
          uiSchema={agreementsRequired ? WITH_AGREEMENTS : WITH_CONTACT_TYPE}
          submitLabel={t('register.submit')}
          submitDisabled={!valid || registered}
        />
      </div>
      {/* A refusal whose field errors the form shows (its summary is the alert) needs no line. */}
      {refusal &&
      !(refusal.failure.kind === 'server' && refusal.fieldErrors.some((e) => e.path)) ? (
        <FailureLine failure={refusal.failure} tokenId={tokenId} />
      ) : null}
      <TextWithLinks
        i18nKey="register.signIn"
        links={[{ href: '/auth/login', internal: true }]}
        className="schema-form__hint register-form__sign-in"
      />
      <Modal
        open={registered}
        title={t('register.success.title')}
        onClose={toSignIn}
        actions={
          <button type="button" className="button" onClick={toSignIn}>
            {t('register.success.signIn')}
          </button>
        }
      >
        <p>{t('register.success.body', { email })}</p>
      </Modal>
    </>
  );
}

/** The error line under the form. */
function FailureLine({ failure, tokenId }: { failure: RegisterFailure; tokenId: string }) {
  const { t } = useTranslation();
  const className = 'code-dialog__message code-dialog__message--error';
  return (
    <div role="alert">
      {failure.kind === 'alreadyExists' ? (
        <TextWithLinks
          i18nKey="register.errors.alreadyExists"
          links={[{ href: '/auth/login', internal: true }]}
          className={className}
        />
      ) : (
        <p className={className}>
          {failure.kind === 'tokenNotFound'
            ? t('register.errors.tokenNotFound', { tokenId })
            : failure.kind === 'notInvitedEmail'
              ? t('register.errors.notInvitedEmail')
              : errorText(failure.error, t, 'register.errors.failed')}
        </p>
      )}
    </div>
  );
}
