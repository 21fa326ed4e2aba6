// The rules check's findings in the staff member's language: each by its code (texts.findings),
// the server's English sentence for a code this console does not know (a newer server's).
import type { ApiFieldError, CheckFinding } from './api';
import type { FindingParams } from '../../core/rules/finding-codes';
import { texts } from './texts';

type Say = (params: FindingParams) => string;

export function findingText(finding: CheckFinding): string {
  const findings = texts.findings as Record<string, Say | undefined>;
  const say = Object.hasOwn(findings, finding.code) ? findings[finding.code] : undefined;
  return say ? say(finding.params) : finding.problem;
}

/**
 * A refusal's field error as a finding (a draft refused by the rules check names its code and
 * values in `params.finding`, `params.values`), or null for a field error that is not one.
 */
export function findingOf(error: ApiFieldError): CheckFinding | null {
  const { finding, values } = error.params;
  if (typeof finding !== 'string' || !values || typeof values !== 'object') return null;
  return { code: finding, params: values as FindingParams, problem: error.message };
}

/** A refusal's field error in the staff member's language: its finding, else the server's words. */
export const refusalFieldText = (error: ApiFieldError): string => {
  const finding = findingOf(error);
  return finding ? findingText(finding) : error.message;
};
