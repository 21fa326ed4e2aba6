// A Kenyan bank account as the generic rule (_default) takes it, for the tests that create Kenya's
// rules in the console: a wire to an account number and the bank's BIC, with the beneficiary's
// address a wire carries.
export const KENYAN_WIRE = {
  countryCode: 'KE',
  transferMethod: 'WIRE',
  nickname: 'Salary',
  accountNumber: '0180291234567',
  accountNumberConfirmation: '0180291234567',
  bic: 'EQBLKENA',
  addressLine1: '12 Harbour Road',
  addressCity: 'Nairobi',
  addressCountryCode: 'KE',
};
