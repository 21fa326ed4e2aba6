// The message keys a draft names without a text, read from the preview's findings; the messages
// panel offers to write them.
import type { CheckFinding } from './api';

/** Message keys the draft names that no language has, from the preview's findings. */
export const missingKeys = (findings: readonly CheckFinding[]): string[] => [
  ...new Set(
    findings.flatMap((f) =>
      f.code === 'message.missing' && typeof f.params.key === 'string' ? [f.params.key] : [],
    ),
  ),
];
