// The draft's composed forms (and the rule file's own validator) come from the API as
// content-hashed modules with no imports of their own, bound here to the runtime modules the
// bundle carries (lib/published-validators.ts): the browser compiles nothing, so the CSP keeps
// script-src 'self' without 'unsafe-eval'.
export { importValidatorModule as importPreviewModule } from '../lib/published-validators';
