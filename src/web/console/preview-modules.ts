// The draft's composed forms come from the API as content-hashed JavaScript modules (schema and
// precompiled validator, built on the server): the browser imports them and compiles nothing, so
// the CSP keeps script-src 'self' without 'unsafe-eval'. One import per URL.
import type { PrecompiledModule } from '../../core/validation/precompiled';

const modules = new Map<string, Promise<PrecompiledModule>>();

export function importPreviewModule(url: string): Promise<PrecompiledModule> {
  let module = modules.get(url);
  if (!module) {
    module = import(/* @vite-ignore */ url) as Promise<PrecompiledModule>;
    // A failed import is tried again next time (the server may have been restarting).
    module.catch(() => modules.delete(url));
    modules.set(url, module);
  }
  return module;
}
