// The server's side of the status table (src/core/profile/status-actions.ts): every check of "may
// this profile do that in its status" goes through here, so the API refuses exactly what the portal
// does not offer. A refusal is 409 and its message starts with the stable name the portal matches.
import { mayDo, refusalOf, type ProfileAction } from '../../core/profile/status-actions';
import { conflict } from '../errors';

/** What is refused, for the developer reading the message after the stable name. */
const REFUSED: Record<ProfileAction, string> = {
  acceptClaim: 'claims cannot be accepted',
  cancelClaim: 'claims cannot be cancelled',
  editProfile: 'the profile cannot be edited',
  addPayoutMethod: 'payout methods cannot be added',
  editPayoutMethod: 'payout methods cannot be edited',
  deletePayoutMethod: 'payout methods cannot be deleted',
  preferPayoutMethod: 'payout methods cannot be preferred',
  inviteGuardian: 'a guardian cannot be invited',
  consentAsGuardian: 'a guardian decision cannot be taken',
  deleteAccount: 'the account cannot be deleted',
};

/** Refuses (409) an action the profile's status does not allow. */
export function assertMay(status: string, action: ProfileAction): void {
  if (mayDo(status, action)) return;
  throw conflict(`${refusalOf(status, action)}: ${REFUSED[action]} while the profile is ${status}`);
}
