// Loads the precompiled validator of a form variant on demand, one chunk per variant, so the
// browser never compiles a schema (and the CSP needs no 'unsafe-eval'); a variant that rules
// published in the console changed comes from the API instead (lib/published-validators).
import type { PrecompiledModule } from '../../core/validation/precompiled';
import { findVariant } from './form-variants';
import { findPublishedVariant, importValidatorModule } from './published-validators';

// Keys relative to the folder (`./bank-account.US.ACH.js`): 270 of them, on every form screen.
const modules = import.meta.glob<PrecompiledModule>('./*.js', {
  base: '../../core/generated/validators/',
});

export async function loadFormValidator(
  formId: string,
  country?: string,
  method?: string,
): Promise<PrecompiledModule> {
  const entry = findVariant(formId, country, method);
  const load = entry && modules[`./${entry.file}`];
  // Rules published after the build replace the built validator of the variants they changed.
  // Both are asked at once, so the list of published variants adds no round trip of its own.
  const [published, built] = await Promise.all([
    findPublishedVariant(formId, country, method),
    load?.().catch(() => undefined),
  ]);
  if (published) return importValidatorModule(published.url);
  if (!built)
    throw new Error(`no precompiled validator for ${formId} ${country ?? ''} ${method ?? ''}`);
  return built;
}
