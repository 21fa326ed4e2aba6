// Payout methods, the rules that protect where the money goes:
// - offer.ts: what a resident may add and what each method can receive (country rule data,
//   narrowed by the merchant), and how many of a type one user may hold;
// - storage.ts: what is stored and answered (masked numbers, sealed accounts, card and Zelle
//   details) and the snapshot an accepted claim keeps of its destination;
// - locks.ts: a method a claim in progress points to is frozen;
// - notices.ts: every change is announced by mail to the account's email;
// - methods.ts: the flows the routes call (payoutMethodsDomain).
export * from './offer';
export * from './storage';
export * from './locks';
export * from './notices';
export * from './methods';
export { PAYMENT_PENDING_STATUSES } from '../../repositories/payment-methods';
