// The error helper (lib/api-error) of the profile form and its phones: loaded with a refusal, not
// with every visit of /registration (one loader, so the page carries one import of it).
export const loadApiError = () => import('../../../lib/api-error');
