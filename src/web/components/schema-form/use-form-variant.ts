// The precompiled variant (schema + validate) of a form for a country and transfer method, loaded
// on demand; a variant loaded once is available at once on the next render that asks for it.
import { startTransition, useEffect, useState } from 'react';
import type { PrecompiledModule } from '../../../core/validation/precompiled';
import { publishedTransferMethods, publishedVariants } from '../../lib/published-validators';
import {
  loadedVariants as loaded,
  loadVariant,
  variantCacheKey as cacheKey,
  type PublishedMethods,
} from './variant-loader';

export { isCountryDependent, transferMethodsFor, type PublishedMethods } from './variant-loader';

export type FormVariantState =
  | { status: 'loading'; variant?: undefined; error?: undefined }
  | { status: 'ready'; variant: PrecompiledModule; error?: undefined }
  | { status: 'error'; variant?: undefined; error: Error };

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
        // A transition: the form (RJSF's first render is long on a phone) renders in slices.
        if (live) startTransition(() => setResult({ key, state: { status: 'ready', variant } }));
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
