// Staff passwords (the rules console): the server refuses shorter ones and common ones
// (domain/staff.ts); the console's forms check the length before sending and say the same.
export const STAFF_PASSWORD_MIN_LENGTH = 12;
