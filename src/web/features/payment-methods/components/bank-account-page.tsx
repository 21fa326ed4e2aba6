// /bank-account (create) and /bank-account/:id (edit): the country and transfer method are chosen
// above the generated bank-account form. Editing prefills what the API shows; the account numbers
// come masked, so their fields start empty and an empty field keeps the stored number (the server
// keeps it while the country stays the same): the form's edit mode lets them stay empty.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  BANK_ACCOUNT_CREATE,
  BANK_ACCOUNT_EDIT,
} from '../../../../core/routes/frames/bank-account';
import type { BankAccountForm } from '../../../../core/types/forms/bank-account';
import { PageWrapper } from '../../../components/page-wrapper';
import { readBootData } from '../../../lib/boot-data';
import { afterNextPaint } from '../../../lib/after-paint';
import type * as FormEngineModule from './bank-account-form';
import { openingCountry } from '../../../../core/payout/opening-country';
import type { CountryMethod, FormData } from '../../../components/schema-form';
import { Spinner } from '../../../components/spinner';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { useGetProfileQuery } from '../../../api/profile-api';
import { useGetPaymentMethodsQuery } from '../../../api/payment-methods-api';
import {
  useCreateBankAccountMutation,
  useLookupBicMutation,
  useUpdateBankAccountMutation,
} from '../../../api/payment-method-forms-api';
import { editableValues, keptNumbers, withoutEmptySecrets } from './bank-account-values';
import { isBank } from './method-helpers';
import { useMethodFailure } from './use-method-failure';
import { PAYOUT_ADDRESS_FIELDS, usePaymentAddress } from './payment-address';

/**
 * The form engine (its chunks are more than a third of the page's JavaScript) and the loader of
 * the variant the form opens on are asked for as soon as this module runs, while the shell
 * renders: the server has already painted the page's heading and lead (core/routes/page-frames),
 * so nothing a visitor reads first waits for them, and the form renders once they are in and the
 * page has painted its first render (usePainted). The page's script announced the engine's files
 * as the shell's last file arrived (core/routes/page-script.ts), so they are usually here or
 * nearly: announced with the page, they would share the slow network with the shell's files and
 * hold those up.
 */
const formEngine = import('./bank-account-form');
const variantLoader = import('../../../components/schema-form/variant-loader');

type FormEngine = typeof FormEngineModule;
let loadedEngine: FormEngine | undefined;

/**
 * The form engine once its module has run, else undefined (a failed load is thrown to the screen's
 * error boundary). Not React.lazy under a Suspense boundary: React holds a boundary's content back
 * until 300 ms after its fallback showed (its reveal throttle), and the form the visitor waits for
 * would wait for that too.
 */
function useFormEngine(): FormEngine | undefined {
  const [engine, setEngine] = useState(() => loadedEngine);
  const [failure, setFailure] = useState<unknown>();
  useEffect(() => {
    if (engine) return undefined;
    let live = true;
    formEngine.then(
      (module) => {
        loadedEngine = module;
        // A transition: React renders the form in slices, the page answering in between.
        if (live) startTransition(() => setEngine(module));
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      live = false;
    };
  }, [engine]);
  if (failure) throw failure;
  return engine;
}

// The variant a new account opens on, from the page's boot data: its files load beside the
// engine's, which the page announces as the shell's arrive (core/routes/page-script.ts), instead of
// once the page has rendered. An edit page opens on its account's variant (the effect below).
const boot = readBootData();
if (boot?.profile)
  void variantLoader.then((loader) =>
    loader.preloadCountryVariant(
      'bank-account',
      openingCountry(boot.configuration.supportedCountries, boot.profile),
      { offered: boot.configuration.payoutTypes },
    ),
  );

/**
 * The electronic form of a valid IBAN (spaces and case ignored), else undefined. ibantools is
 * loaded when an IBAN is typed (the IBAN variants' validators load it too): the page's first
 * load, and every variant without an IBAN, go without it.
 */
async function validIban(value: unknown): Promise<string | undefined> {
  if (typeof value !== 'string' || value.replace(/\s/g, '').length < 15) return undefined;
  const { electronicFormatIBAN, isValidIBAN } = await import('ibantools');
  const iban = electronicFormatIBAN(value);
  return iban && isValidIBAN(iban) ? iban : undefined;
}

interface DerivedBic {
  iban: string;
  bic: string;
}

/**
 * The BIC derived from a valid IBAN (POST bic-lookup), put in the BIC field while that field is
 * empty or still holds the previously derived BIC; a BIC the user typed stays. A derived BIC is
 * emptied when another IBAN derives none. `note` is true while the field shows the BIC derived
 * from the IBAN now in the form, so the page can say so.
 */
function useDerivedBic(initial: FormData | undefined) {
  const [lookupBic] = useLookupBicMutation();
  const [values, setValues] = useState<FormData>(initial ?? {});
  const latest = useRef<{ values: FormData; derived?: DerivedBic }>({ values: initial ?? {} });
  const [derived, setDerived] = useState<DerivedBic>();
  const [fill, setFill] = useState<FormData>();
  const [iban, setIban] = useState<string>();

  useEffect(() => {
    let current = true;
    void validIban(values.iban).then((valid) => {
      if (current) setIban(valid);
    });
    return () => {
      current = false;
    };
  }, [values.iban]);

  useEffect(() => {
    if (!iban) return;
    let current = true;
    lookupBic(iban)
      .unwrap()
      .then(({ bic }) => {
        const typed = String(latest.current.values.bic ?? '');
        if (!current || (typed && typed !== latest.current.derived?.bic)) return;
        if (!bic && !typed) return;
        const next = bic ? { iban, bic } : undefined;
        const values = { ...latest.current.values, bic: bic ?? undefined };
        latest.current = { values, derived: next };
        setValues(values);
        setDerived(next);
        setFill({ bic: bic ?? undefined });
      })
      // Only a suggestion: when the lookup fails the user types the BIC.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [iban, lookupBic]);

  const onChange = useCallback((data: FormData) => {
    latest.current = { ...latest.current, values: data };
    // Only the IBAN and the BIC matter here: a key in any other field does not re-render the page.
    setValues((shown) => (shown.iban === data.iban && shown.bic === data.bic ? shown : data));
  }, []);
  const note = !!derived && derived.iban === iban && values.bic === derived.bic;
  return { fill, note, onChange };
}

/**
 * False until the browser has painted the component's first render. The form waits for it: its
 * render and commit are long, and on a fast network (the engine already in) they would follow the
 * shell's commit before any paint, one long stretch of blocking time (Lighthouse's TBT on this
 * page read 230-300 ms that way, 60-110 ms with the wait).
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

export default function BankAccountPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const { data: profile } = useGetProfileQuery();
  const methods = useGetPaymentMethodsQuery(undefined, { skip: !id });
  const [createBankAccount] = useCreateBankAccountMutation();
  const [updateBankAccount] = useUpdateBankAccountMutation();
  const failure = useMethodFailure();

  const countries = configuration?.supportedCountries;
  const existing = id
    ? methods.data?.filter(isBank).find((m) => m.bankAccount.id === id)?.bankAccount
    : undefined;
  // The words the server painted before any script (core/routes/page-frames.ts), the same keys.
  const frame = id ? BANK_ACCOUNT_EDIT : BANK_ACCOUNT_CREATE;

  const defaultCountry = openingCountry(countries, profile);

  const derivedBic = useDerivedBic(existing ? editableValues(existing) : undefined);
  // The beneficiary's address: the profile's unless the user unticks the box (or the account
  // being edited has an address of its own).
  const startValues = useMemo(() => (existing ? editableValues(existing) : {}), [existing]);
  const address = usePaymentAddress(
    PAYOUT_ADDRESS_FIELDS,
    startValues,
    existing?.address,
    !!id && methods.isLoading,
  );
  const onChange = useCallback(
    (data: FormData) => {
      derivedBic.onChange(data);
      address.onChange(data);
    },
    [derivedBic, address],
  );
  const bicDerived = t('payoutMethods.bankAccount.bicDerived');
  const bicNote = useMemo(
    () => (derivedBic.note ? { bic: bicDerived } : undefined),
    [derivedBic.note, bicDerived],
  );

  const editMode = useCallback(
    (variant: CountryMethod) =>
      existing
        ? keptNumbers(existing, variant, (masked) =>
            t('payoutMethods.bankAccount.keepNumber', { value: masked }),
          )
        : undefined,
    [existing, t],
  );

  const submit = async (entered: FormData) => {
    failure.clear();
    const data = address.complete(entered);
    try {
      if (id) await updateBankAccount({ id, body: withoutEmptySecrets(data) }).unwrap();
      else await createBankAccount(data as unknown as BankAccountForm).unwrap();
      navigate('/settings');
    } catch (error) {
      address.reveal(failure.fail(error).fields);
    }
  };

  const engine = useFormEngine();
  const painted = usePainted();
  const formCountry = existing?.countryCode ?? defaultCountry;
  const openingMethod = existing?.transferMethod;
  const offeredMethods = configuration?.payoutTypes;
  const known = !!configuration && (!id || !!existing);
  // The variant the form opens on loads beside the form engine, not once the engine has run.
  useEffect(() => {
    if (!known) return;
    void variantLoader.then((loader) =>
      loader.preloadCountryVariant('bank-account', formCountry, {
        method: openingMethod,
        offered: offeredMethods,
      }),
    );
  }, [known, formCountry, openingMethod, offeredMethods]);
  const loading = !configuration || (id && methods.isLoading) || !address.ready || !painted;
  return (
    <PageWrapper
      title={t(frame.title)}
      lead={frame.lead && t(frame.lead)}
      width={frame.width}
      before={frame.back && <Link to={frame.back.to}>{t(frame.back.label)}</Link>}
    >
      {loading || !engine ? (
        <Spinner />
      ) : id && !existing ? (
        <p role="alert">{t('payoutMethods.errors.notFound')}</p>
      ) : (
        <>
          {existing ? <p className="form-hint">{t('payoutMethods.bankAccount.keepHint')}</p> : null}
          {failure.message ? (
            <p className="form-error" role="alert">
              {failure.message}
            </p>
          ) : null}
          {engine.countryVariantForm({
            formId: 'bank-account',
            initialCountry: formCountry,
            initialMethod: openingMethod,
            initialData: address.formData,
            countries,
            offeredMethods,
            serverErrors: failure.serverErrors,
            editMode: existing ? editMode : undefined,
            fill: derivedBic.fill,
            notes: bicNote,
            onChange,
            uiSchema: address.uiSchema,
            submitLabel: id
              ? t('payoutMethods.bankAccount.save')
              : t('payoutMethods.bankAccount.add'),
            onSubmit: submit,
          })}
        </>
      )}
    </PageWrapper>
  );
}
