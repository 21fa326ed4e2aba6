// The precompiled variant (schema + validate) of a form for a country and transfer method, loaded
// on demand; a variant loaded once is available at once on the next render that asks for it.
import { useEffect, useState } from 'react';
import manifest from '../../../core/generated/validators/manifest.json';
import type {
  PrecompiledModule,
  ValidatorManifestEntry,
} from '../../../core/validation/precompiled';
import { findVariant } from '../../lib/form-variants';
import { loadFormValidator } from '../../lib/form-validators';
import { publishedTransferMethods, publishedVariants } from '../../lib/published-validators';
import { FORM_NAMESPACES, i18next } from '../../lib/i18n';
import { loadUiSchema } from './ui-schemas';

const loaded = new Map<string, PrecompiledModule>();
const entries = manifest as ValidatorManifestEntry[];

export type FormVariantState =
  | { status: 'loading'; variant?: undefined; error?: undefined }
  | { status: 'ready'; variant: PrecompiledModule; error?: undefined }
  | { status: 'error'; variant?: undefined; error: Error };

/**
 * The built variant's file names what is loaded; a country that shares the generic variant in the
 * build is kept apart by its code, since rules published since may give it a variant of its own
 * (a country created in the rules console).
 */
const cacheKey = (formId: string, country?: string, method?: string) => {
  const entry = findVariant(formId, country, method);
  if (!entry) return `${formId}|${country ?? ''}|${method ?? ''}`;
  return entry.country && entry.country !== country ? `${entry.file}|${country ?? ''}` : entry.file;
};

const loading = new Map<string, Promise<PrecompiledModule>>();

/**
 * Starts loading a variant once (a second call gets the same promise). The form's labels,
 * messages and uiSchema load with its validator, not one after the other.
 */
function loadVariant(key: string, formId: string, country?: string, method?: string) {
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

export function useFormVariant(
  formId: string,
  country?: string,
  method?: string,
): FormVariantState {
  const key = cacheKey(formId, country, method);
  const [result, setResult] = useState<{ key: string; state: FormVariantState } | null>(null);
  // Asked for while rendering, not after the page is committed and painted: on a phone that is
  // a frame or two earlier. Idempotent, so a render React throws away costs nothing.
  if (!loaded.has(key)) void loadVariant(key, formId, country, method);

  useEffect(() => {
    if (loaded.has(key)) return undefined;
    let live = true;
    loadVariant(key, formId, country, method).then(
      (variant) => {
        loaded.set(key, variant);
        if (live) setResult({ key, state: { status: 'ready', variant } });
      },
      (error: unknown) => {
        if (live)
          setResult({
            key,
            state: {
              status: 'error',
              error: error instanceof Error ? error : new Error(String(error)),
            },
          });
      },
    );
    return () => {
      live = false;
    };
  }, [key, formId, country, method]);

  const cached = loaded.get(key);
  if (cached) return { status: 'ready', variant: cached };
  if (result?.key === key) return result.state;
  return { status: 'loading' };
}

export type PublishedMethods = ReadonlyMap<string, readonly string[]>;

/**
 * The transfer methods of a bank account in a country: those of the published rules where they
 * differ from the build (`published`, GET /master/rules/validators), else the precompiled
 * manifest's; a country neither knows follows `_default`, the published one first.
 */
export function transferMethodsFor(
  country: string | undefined,
  published: PublishedMethods,
  formId = 'bank-account',
): string[] {
  const forForm = entries.filter((e) => e.formId === formId && e.method);
  const built = (name: string): readonly string[] | undefined => {
    const own = forForm.filter((e) => e.country === name).map((e) => String(e.method));
    return own.length ? own : undefined;
  };
  const of = (name: string) => published.get(name) ?? built(name);
  const list = (country && of(country)) ?? of('_default') ?? [];
  return [...new Set(list)];
}

/**
 * The published rules' transfer methods (see transferMethodsFor); undefined until the list of
 * published validators came (asked once per page load, so usually at once).
 */
export function usePublishedMethods(): PublishedMethods | undefined {
  const [methods, setMethods] = useState(publishedTransferMethods);
  useEffect(() => {
    if (methods) return undefined;
    let live = true;
    void publishedVariants().then(() => {
      if (live) setMethods(publishedTransferMethods());
    });
    return () => {
      live = false;
    };
  }, [methods]);
  return methods;
}

/** Whether a form's variants depend on the country (address, bank account). */
export const isCountryDependent = (formId: string): boolean =>
  entries.some((e) => e.formId === formId && e.country);
