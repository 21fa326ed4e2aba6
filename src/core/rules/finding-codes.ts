// What a rules check found, as a stable code and the values of its sentence: `npm run rules:check`
// prints the English `problem` beside them, and the rules console says each code in the staff
// member's language (src/web/console/catalogs/*.ts `findings`), falling back to the English for a
// code it does not know. tests/unit/core/rule-finding-codes.test.ts checks every catalog has each.
export const RULE_FINDING_CODES = [
  // The rule file against the meta-schema (country-rules.schema.json)
  'schema.required',
  'schema.unknownProperty',
  'schema.enum',
  'schema.type',
  'schema.invalid',
  // Patterns
  'pattern.invalid',
  'pattern.unanchored',
  'pattern.backtracks',
  'pattern.unproven',
  // The file's own statements
  'message.missing',
  'currency.unknown',
  'country.misnamed',
  'extends.missing',
  'countries.ownFile',
  'rules.notComposed',
  // Examples
  'example.otherCountry',
  'example.notGoverned',
  'example.notRun',
  'example.shouldPass',
  'example.passedInstead',
  'example.failedElsewhere',
  'payout.unknownType',
  'payout.shouldBeOffered',
  'payout.shouldNotBeOffered',
  'payout.currencies',
  // A draft or an import (the console's server)
  'draft.otherCountry',
  'import.badName',
] as const;

export type RuleFindingCode = (typeof RULE_FINDING_CODES)[number];

/** The values of a finding's sentence: paths, patterns, codes, lists already joined. */
export type FindingParams = Record<string, string | number>;

/** A finding as the console's API answers it (the code as a string: a newer server may add one). */
export interface CheckFinding {
  code: string;
  params: FindingParams;
  /** The finding in English, as `npm run rules:check` says it. */
  problem: string;
}
