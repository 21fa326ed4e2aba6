// The one-time code dialog's content is its own chunk (see confirmation-code-dialog.tsx): its
// loading, shared by the dialog and the pages that preload it while the code is being sent.
export const loadConfirmationCodeDialog = () => import('./confirmation-code-dialog-content');
/** Starts loading the dialog while the code is being sent. */
export const preloadConfirmationCodeDialog = (): void => void loadConfirmationCodeDialog();
