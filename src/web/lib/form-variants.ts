// What the precompiled manifest says about the form variants — which variant a form, country and
// method use, and what people in a country call a transfer method — without the loaders of the
// 270 validator chunks (lib/form-validators.ts), which only pages with a form need.
import manifest from '../../core/generated/validators/manifest.json';
import type { ValidatorManifestEntry } from '../../core/validation/precompiled';

const entries = manifest as ValidatorManifestEntry[];

/** The variant for a form, country and method; countries without rules share the generic one. */
export function findVariant(
  formId: string,
  country?: string,
  method?: string,
): ValidatorManifestEntry | undefined {
  const forForm = entries.filter((e) => e.formId === formId);
  if (!forForm.some((e) => e.country)) return forForm[0];
  const byCountry = forForm.filter((e) => e.country === country);
  const candidates = byCountry.length ? byCountry : forForm.filter((e) => e.country === '_default');
  return candidates.find((e) => !method || e.method === method) ?? candidates[0];
}

/** The fields.json key of what people in `country` call a transfer method ("SEPA transfer"). */
export function transferMethodLabelKey(country: string | undefined, method: string): string {
  const name = findVariant('bank-account', country, method)?.methodName;
  return name ? `options.transferMethodName.${name}` : `options.transferMethod.${method}`;
}
