// The meta-schema's precompiled validator, built by the server (GET /editor-schema → a
// content-hashed module URL). A server without it leaves the checks to the draft's save.
import type { PrecompiledModule } from '../../core/validation/precompiled';
import { consoleApi } from './api';
import { importValidatorModule } from '../lib/published-validators';

export async function importValidatorModuleOrNull(): Promise<PrecompiledModule | null> {
  try {
    const { url } = await consoleApi.editorSchema();
    return await importValidatorModule(url);
  } catch {
    return null;
  }
}
