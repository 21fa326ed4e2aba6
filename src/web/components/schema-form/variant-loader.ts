// Loading a form variant (its precompiled validator, the form texts and the uiSchema) apart from
// the form engine: a page that will show a form (bank-account-page.tsx) starts this alongside the
// engine's own download, and the form finds the variant already loading when it renders
// (use-form-variant.ts). Nothing here imports RJSF.
import manifest from '../../../core/generated/validators/manifest.json';
import type {
  PrecompiledModule,
  ValidatorManifestEntry,
} from '../../../core/validation/precompiled';
import { findVariant } from '../../lib/form-variants';
import { loadFormValidator } from '../../lib/form-validators';
import { publishedTransferMethods } from '../../lib/published-validators';
import { FORM_NAMESPACES, i18next } from '../../lib/i18n';
import { loadUiSchema } from './ui-schemas';
import {
  countryTransferMethods,
  offeredOnly,
  openingMethod,
  type PublishedMethods,
} from '../../../core/payout/opening-method';

const entries = manifest as ValidatorManifestEntry[];

/** Variants loaded once: available at once on the next render that asks for them. */
export const loadedVariants = new Map<string, PrecompiledModule>();
const loading = new Map<string, Promise<PrecompiledModule>>();

/**
 * The built variant's file names what is loaded; a country that shares the generic variant in the
 * build is kept apart by its code, since rules published since may give it a variant of its own
 * (a country created in the rules console).
 */
export const variantCacheKey = (formId: string, country?: string, method?: string) => {
  const entry = findVariant(formId, country, method);
  if (!entry) return `${formId}|${country ?? ''}|${method ?? ''}`;
  return entry.country && entry.country !== country ? `${entry.file}|${country ?? ''}` : entry.file;
};

/**
 * Starts loading a variant once (a second call gets the same promise). The form's labels,
 * messages and uiSchema load with its validator, not one after the other.
 */
export function loadVariant(
  key: string,
  formId: string,
  country?: string,
  method?: string,
): Promise<PrecompiledModule> {
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all([
      loadFormValidator(formId, country, method),
      i18next.loadNamespaces([...FORM_NAMESPACES]),
      loadUiSchema(formId),
    ]).then(([variant]) => variant);
    // A failed load is tried again by the next form that asks.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

export type { PublishedMethods };

/**
 * The transfer methods of a bank account in a country: those of the published rules where they
 * differ from the build (`published`, GET /master/rules/validators), else the precompiled
 * manifest's (core/payout/opening-method.ts).
 */
export function transferMethodsFor(
  country: string | undefined,
  published: PublishedMethods,
  formId = 'bank-account',
): string[] {
  const forForm = entries.filter((e) => e.formId === formId && e.method);
  return countryTransferMethods(country, published, (name) => {
    const own = forForm.filter((e) => e.country === name).map((e) => String(e.method));
    return own.length ? own : undefined;
  });
}

/**
 * The transfer methods of a country's published rules that the merchant also pays to; none while
 * the published rules' list loads (`published` undefined), rather than the build's for a moment.
 */
export const methodsOf = (
  country: string,
  formId: string,
  published: PublishedMethods | undefined,
  offered?: readonly string[],
): string[] =>
  formId === 'bank-account' && published
    ? offeredOnly(transferMethodsFor(country, published, formId), offered)
    : [];

export { openingMethod };

/** Whether a form's variants depend on the country (address, bank account). */
export const isCountryDependent = (formId: string): boolean =>
  entries.some((e) => e.formId === formId && e.country);

/**
 * Starts loading the variant a country-and-method form will open on, before the form engine has
 * arrived; nothing when the published rules' list is not known yet (the form then asks itself).
 */
export function preloadCountryVariant(
  formId: string,
  country: string,
  options: { method?: string; offered?: readonly string[] } = {},
): void {
  const published = publishedTransferMethods();
  if (!published) return;
  const method = openingMethod(
    methodsOf(country, formId, published, options.offered),
    options.method,
  );
  void loadVariant(variantCacheKey(formId, country, method), formId, country, method).catch(
    () => undefined,
  );
}
