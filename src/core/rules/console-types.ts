// What the rules console API answers, shared by the server (domain/rules-console.ts) and the
// browser console (src/web/console/api.ts): one definition of each shape.
export type VersionStatus = 'seed' | 'draft' | 'approved' | 'sent_back' | 'published';

export interface VersionSummary {
  id: number;
  country: string;
  status: VersionStatus;
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

export interface RuleChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  from?: unknown;
  to?: unknown;
  /** One readable line, e.g. `bankAccount › sortCode › pattern: ^\d{6}$ → ^40\d{4}$`. */
  text: string;
}

export interface ExampleResult {
  description: string;
  form: string;
  expected: 'pass' | 'fail';
  ok: boolean;
  problems: string[];
}
