// The message keys a draft names without a text, read from the preview's problems; the messages
// panel offers to write them.
const MISSING = /names the message "([^"]+)", which is missing/;

/** Message keys the draft names that no language has, from the preview's problems. */
export const missingKeys = (problems: readonly string[]): string[] => [
  ...new Set(problems.flatMap((p) => MISSING.exec(p)?.[1] ?? [])),
];
