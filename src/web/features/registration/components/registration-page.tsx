// Step 2 of account setup (/registration, and the re-entry routes /registration/personal-info and
// /registration/company-info): who is paid (person or company), their details, their address and
// phones. Save sends the details and the address together; the server's field errors land on the
// fields they name, and a refusal shows one sentence in the person's language (errors.<Name>) while
// everything typed stays. Changing identity details of an activated profile asks first: the server
// then checks the identity again. After a save the user continues to the identity check.
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Configuration } from '../../../../core/types/entities/configuration';
import type { Profile } from '../../../../core/types/entities/profile';
import {
  CountryVariantForm,
  SchemaForm,
  type FormData,
  type ServerFieldError,
} from '../../../components/schema-form';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { TilePage } from '../../../components/tile-page';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import {
  useGetProfileQuery,
  useStartIdProofingMutation,
  useUpdateProfileMutation,
} from '../../../api/profile-api';
import { addressFormOf, detailsOf, storedNumbers, type Kind } from '../lib/profile-forms';
import { errorsUnder } from '../../../lib/server-errors';
import { leaveTo } from '../../../lib/navigation';
import { loadApiError } from '../lib/load-api-error';
import { PhonesSection } from './phones-section';
import { StepProgress } from '../../../components/step-progress';

/** An activated profile comes here from settings to edit its details, not to set up the account. */
const isEditing = (profile: Profile) =>
  profile.status === 'ACTIVATED' || profile.status === 'ON_HOLD';

/**
 * The re-entry routes (edit from settings, correct details, name match) are titled by who is paid:
 * a company's details are "Company information" whichever of the two links led here.
 */
const titleKey = (pathname: string, profile: Profile | undefined) => {
  if (!pathname.endsWith('/personal-info') && !pathname.endsWith('/company-info'))
    return 'registration.details.title';
  const company = profile ? profile.profileType === 'COMPANY' : pathname.endsWith('/company-info');
  return company ? 'registration.details.companyTitle' : 'registration.details.personalTitle';
};

const MINOR_KEYWORDS = ['minimumAge'] as const;

// Loaded when needed, not with every visit: the guardian invitation only after a minor's save, the
// question before checking an identity again only when an activated profile changes it.
const GuardianInviteSection = lazy(() =>
  import('../../../components/guardian-invite-section').then((m) => ({
    default: m.GuardianInviteSection,
  })),
);
const loadIdentityChange = () => import('../lib/identity-change');
const IdentityChangeDialog = lazy(() =>
  loadIdentityChange().then((m) => ({ default: m.IdentityChangeDialog })),
);

export default function RegistrationPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useGetProfileQuery();
  const configuration = useGetConfigurationQuery();
  const title = t(titleKey(pathname, profile.data));

  if (profile.data && configuration.data) {
    return (
      <TilePage title={title} lead={t('registration.details.lead')}>
        {isEditing(profile.data) ? null : <StepProgress current={2} />}
        <RegistrationForms
          key={profile.data.id}
          profile={profile.data}
          configuration={configuration.data}
          pathname={pathname}
        />
      </TilePage>
    );
  }
  return (
    <TilePage title={title}>
      <StepProgress current={2} />
      {profile.isError || configuration.isError ? (
        <p role="alert">{t('registration.details.loadFailed')}</p>
      ) : (
        <Spinner label={t('registration.details.loading')} />
      )}
    </TilePage>
  );
}

/** A refused save: the field errors on their forms, and one sentence about it. */
interface Errors {
  details: ServerFieldError[];
  address: ServerFieldError[];
  general: string | null;
}

const NO_ERRORS: Errors = { details: [], address: [], general: null };

function RegistrationForms({
  profile,
  configuration,
  pathname,
}: {
  profile: Profile;
  configuration: Configuration;
  pathname: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeName = useId();
  const rules = configuration.businessRules;
  const countries = configuration.supportedCountries;
  const companyEnabled = rules.companyProfileEnabled;
  const locked = !!profile.lockProfileType && profile.profileType !== 'UNDEFINED';

  const [kind, setKind] = useState<Kind>(() => {
    if (locked && (profile.profileType === 'PERSON' || profile.profileType === 'COMPANY'))
      return profile.profileType;
    if (!companyEnabled) return 'PERSON';
    if (pathname.endsWith('/company-info')) return 'COMPANY';
    return profile.profileType === 'COMPANY' ? 'COMPANY' : 'PERSON';
  });
  const [details, setDetails] = useState<FormData>(() => detailsOf(profile, kind));
  // A returning user whose details and address are saved may go straight on to the identity check.
  const complete =
    profile.profileType === kind &&
    Boolean(kind === 'COMPANY' ? profile.company : profile.person) &&
    (profile.addresses?.length ?? 0) > 0;
  const [detailsDone, setDetailsDone] = useState(complete);
  const [address, setAddress] = useState<FormData>(() => addressFormOf(profile.addresses?.[0]));
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [saved, setSaved] = useState<Profile | null>(complete ? profile : null);
  const [startError, setStartError] = useState<string | null>(null);
  // The fuzzy-match result (spec section 4): a RELATIONSHIP_VERIFICATION status of the last save,
  // or of the profile on re-entry, means the details still do not match the records. A failed
  // save's answer takes its place (errors.general, translated): one message, not two.
  const mismatch =
    errors.general === null && (saved ?? profile).status.startsWith('RELATIONSHIP_VERIFICATION');
  // The address waiting for the answer to "check your identity again?".
  const [pendingAddress, setPendingAddress] = useState<FormData | null>(null);
  const [update] = useUpdateProfileMutation();
  const [startIdProofing, { isLoading: starting }] = useStartIdProofingMutation();

  const chooseKind = (next: Kind) => {
    setKind(next);
    setDetails(detailsOf(profile, next));
    setDetailsDone(false);
    setSaved(null);
    setErrors(NO_ERRORS);
  };

  // Stored identity numbers are asked for again; left empty, the stored one is kept.
  const stored = storedNumbers(profile, kind);
  const numbersEditMode = Object.keys(stored).length
    ? {
        optionalFields: Object.keys(stored),
        notes: Object.fromEntries(
          Object.entries(stored).map(([field, value]) => [
            field,
            t('registration.details.keepNumber', { value }),
          ]),
        ),
      }
    : undefined;

  const residency = typeof details.residency === 'string' ? details.residency : undefined;
  const savedCountry = profile.addresses?.[0]?.countryCode;
  const addressCountry =
    (typeof address.countryCode === 'string' && address.countryCode) ||
    residency ||
    countries[0] ||
    'US';

  // An activated profile whose identity details change is checked again: ask before saving (the
  // comparison loads with the question, only for an activated profile).
  const submitAddress = async (addressData: FormData) => {
    if (profile.status === 'ACTIVATED') {
      const { changesIdentity } = await loadIdentityChange();
      if (changesIdentity(profile, kind, details)) {
        setPendingAddress(addressData);
        return;
      }
    }
    await save(addressData);
  };

  const save = async (addressData: FormData) => {
    setErrors(NO_ERRORS);
    setSaved(null);
    const body = {
      profileType: kind,
      [kind === 'COMPANY' ? 'company' : 'person']: details,
      addresses: [
        { ...addressData, addressType: kind === 'COMPANY' ? 'COMMERCIAL' : 'RESIDENTIAL' },
      ],
    };
    try {
      const result = await update(body).unwrap();
      // An ID_PROOFING_ status is refreshed by the save itself (it invalidates ProfileStatus).
      setSaved(result);
    } catch (failure) {
      const { errorText, readApiError } = await loadApiError();
      const { name, fields } = readApiError(failure);
      const detailErrors = errorsUnder(fields, kind === 'COMPANY' ? '/company' : '/person');
      const addressErrors = errorsUnder(fields, '/addresses/0');
      const placed = detailErrors.length + addressErrors.length;
      // One sentence: what the fields marked above need, or why the save was refused (translated
      // from the error's name, never the server's English), else that it failed.
      setErrors({
        details: detailErrors,
        address: addressErrors,
        general:
          name === 'CompanyProfileDisabled' || fields.some((e) => e.path === '/profileType')
            ? t('registration.details.companyUnavailable')
            : placed
              ? t('registration.details.fixErrors')
              : errorText(failure, t, 'registration.details.saveFailed'),
      });
    }
  };

  const continueToIdentityCheck = async () => {
    setStartError(null);
    try {
      const started = await startIdProofing().unwrap();
      // A hosted provider's flow (Stripe Identity) brings the person back to /id-proofing.
      if (started.verificationUrl) leaveTo(started.verificationUrl);
      else void navigate('/');
    } catch {
      setStartError(t('registration.details.startFailed'));
    }
  };

  const isMinor = saved ? !!saved.isMinor : !!profile.isMinor;
  // The server refuses a minor's identity check until every guardian consented
  // (GuardianConsentRequired): until then the guardian invitation takes the button's place.
  const guardians = (saved ?? profile).guardians ?? [];
  const needsConsent =
    isMinor && !(guardians.length && guardians.every((g) => g.consent === 'true'));

  return (
    <>
      {companyEnabled ? (
        <fieldset className="schema-form__field schema-form__group">
          <legend className="schema-form__label">{t('registration.type.legend')}</legend>
          <div className="schema-form__radios">
            {(['PERSON', 'COMPANY'] as const).map((option) => (
              <label key={option} className="schema-form__check">
                <input
                  type="radio"
                  name={typeName}
                  value={option}
                  checked={kind === option}
                  disabled={locked}
                  onChange={() => chooseKind(option)}
                />
                <span>{t(`registration.type.${option === 'PERSON' ? 'person' : 'company'}`)}</span>
              </label>
            ))}
          </div>
          {locked ? <p className="schema-form__hint">{t('registration.type.locked')}</p> : null}
        </fieldset>
      ) : null}

      {mismatch ? (
        <p className="registration__notice" role="status">
          {t(
            kind === 'COMPANY'
              ? 'registration.fuzzyMatch.companyMismatch'
              : 'registration.fuzzyMatch.personMismatch',
          )}
        </p>
      ) : null}

      <Section
        title={t(
          kind === 'COMPANY'
            ? 'registration.details.companySection'
            : 'registration.details.personSection',
        )}
      >
        <SchemaForm
          key={kind}
          formId={kind === 'COMPANY' ? 'profile-company' : 'profile-person'}
          // The residency decides which identity numbers a person is asked (country rules).
          country={kind === 'COMPANY' ? undefined : residency}
          liveVariant
          // Under the minimum age is not a mistake: the saved profile is a minor's, who then
          // invites a guardian (the server decides it with the same keyword).
          advisoryKeywords={MINOR_KEYWORDS}
          formData={details}
          editMode={numbersEditMode}
          countries={countries}
          serverErrors={errors.details}
          submitLabel={t('registration.details.next')}
          onChange={(data) => {
            setDetails(data);
            setSaved(null);
          }}
          onSubmit={() => setDetailsDone(true)}
        />
      </Section>

      {detailsDone ? (
        <Section
          title={t('registration.address.title')}
          description={t('registration.address.lead')}
        >
          <CountryVariantForm
            key={`${kind}|${savedCountry || residency || ''}`}
            formId="address"
            initialCountry={addressCountry}
            initialData={address}
            countries={countries}
            serverErrors={errors.address}
            submitLabel={t('registration.details.save')}
            onChange={(data) => {
              setAddress(data);
              setSaved(null);
            }}
            onSubmit={submitAddress}
          />
        </Section>
      ) : null}

      {errors.general ? (
        <p className="code-dialog__message code-dialog__message--error" role="alert">
          {errors.general}
        </p>
      ) : null}

      <PhonesSection phones={profile.phones ?? []} />

      {saved && needsConsent ? (
        <Suspense fallback={<Spinner />}>
          <GuardianInviteSection minimumAge={rules.minimumAge} />
        </Suspense>
      ) : null}

      <div className="schema-form__actions">
        {saved ? (
          <p role="status" style={{ width: '100%' }}>
            {t('registration.details.saved')}
          </p>
        ) : (
          <p className="schema-form__hint">{t('registration.details.saveFirst')}</p>
        )}
        {isEditing(profile) ? (
          <Link className="button" to="/settings">
            {t('registration.details.backToSettings')}
          </Link>
        ) : needsConsent ? null : (
          <button
            type="button"
            className="button"
            disabled={!saved || starting}
            onClick={() => void continueToIdentityCheck()}
          >
            {starting ? t('registration.details.starting') : t('registration.details.continue')}
          </button>
        )}
      </div>
      {pendingAddress ? (
        <Suspense fallback={null}>
          <IdentityChangeDialog
            onConfirm={() => {
              setPendingAddress(null);
              void save(pendingAddress);
            }}
            onCancel={() => setPendingAddress(null)}
          />
        </Suspense>
      ) : null}
      {startError ? (
        <p className="code-dialog__message code-dialog__message--error" role="alert">
          {startError}
        </p>
      ) : null}
    </>
  );
}
