// Loads the precompiled validator of a form variant on demand, one chunk per variant, so the
// browser never compiles a schema (and the CSP needs no 'unsafe-eval').
import type { PrecompiledModule } from '../../core/validation/precompiled';
import { findVariant } from './form-variants';

const modules = import.meta.glob<PrecompiledModule>('../../core/generated/validators/*.js');

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
