// Loads the precompiled validator of a form variant on demand, one chunk per variant, so the
// browser never compiles a schema (and the CSP needs no 'unsafe-eval').
import manifest from '../../core/generated/validators/manifest.json';
import type { PrecompiledModule, ValidatorManifestEntry } from '../../core/validation/precompiled';

const modules = import.meta.glob<PrecompiledModule>('../../core/generated/validators/*.js');
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

export async function loadFormValidator(
  formId: string,
  country?: string,
  method?: string,
): Promise<PrecompiledModule> {
  const entry = findVariant(formId, country, method);
  const load = entry && modules[`../../core/generated/validators/${entry.file}`];
  if (!load)
    throw new Error(`no precompiled validator for ${formId} ${country ?? ''} ${method ?? ''}`);
  return load();
}
