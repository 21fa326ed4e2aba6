// GET /me/status answers a profile's status alone, except in this status, where it also says
// whether a hosted identity check waits for the person (`hostedCheckOpen`, server
// domain/identity-proofing.ts). The portal answers its first status read from the profile the page
// carries in every other status (web app/boot-data.ts).
import type { ProfileStatus } from '../types/entities/profile-status';

export const HOSTED_CHECK_STATUS = 'ID_PROOFING_PENDING' satisfies ProfileStatus;
