// What the rules console API answers, shared by the server (domain/rules-console.ts) and the
// browser console (src/web/console/api.ts): one definition of each shape.
import type { CheckFinding } from './finding-codes';

export type { CheckFinding };

export type VersionStatus = 'seed' | 'draft' | 'approved' | 'sent_back' | 'published';

export interface VersionSummary {
  id: number;
  country: string;
  status: VersionStatus;
  /**
   * Whether the version's rules are a file of the country's own; false: "no file" (a retirement,
   * or the seed of a country that had no file and followed the shared rules).
   */
  file: boolean;
  author: string;
  createdAt: string;
  /** The rules version (publication id) in use when the draft was saved; 0 = the files. */
  basedOn: number;
  /** The country's published version the draft was made from; null = its file. */
  baseVersion: number | null;
  /** The country's published version the approval was given against (while approved, published). */
  approvedBase: number | null;
  restoredFrom: number | null;
  reviewer: string | null;
  reviewComment: string | null;
  reviewedAt: string | null;
  publishedAt: string | null;
}

/**
 * What a change is: a value of the file added, removed or changed; an example (by its
 * description) added or removed; or the country's own file created or retired.
 */
export const RULE_CHANGE_CODES = [
  'rule.added',
  'rule.removed',
  'rule.changed',
  'example.added',
  'example.removed',
  'file.created',
  'file.retired',
] as const;
export type RuleChangeCode = (typeof RULE_CHANGE_CODES)[number];

/**
 * One change of a draft against the rules now, as a code and its values: the console says it in
 * the staff member's language (src/web/console/change-text.ts).
 */
export interface RuleChange {
  code: RuleChangeCode;
  /** The value's JSON pointer in the rule file; `/examples` for an example, `` for the file. */
  path: string;
  change: 'added' | 'removed' | 'changed';
  /**
   * The value before and after; an example's description; for the file, the rule name the
   * country followed before (`from`, created) or follows after (`to`, retired), and the country.
   */
  from?: unknown;
  to?: unknown;
}

export interface ExampleResult {
  description: string;
  form: string;
  expected: 'pass' | 'fail';
  ok: boolean;
  /** Why it is not as expected, in English; `findings` says the same as codes and values. */
  problems: string[];
  findings: CheckFinding[];
}
