// The portal's internal errors (spec section 8): states the code must never reach. Thrown where the
// spec puts them, they end in a screen's error boundary, which shows the client-error modal.
export type InternalErrorMessage =
  | 'Principal is missing'
  | 'Profile is missing'
  | 'Residency is required'
  | 'configuration is empty';

export class InternalError extends Error {
  constructor(message: InternalErrorMessage) {
    super(message);
    this.name = 'InternalError';
  }
}
