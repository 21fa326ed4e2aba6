// Inputs that refuse some of what is typed (a letter in a digits-only field, a 17th card digit)
// show the refused text until the next render under Preact, which, unlike React, does not write
// a controlled input's value back when the state it renders has not changed. Handlers call this
// with what the field must show, so the refusal is visible at once under either runtime.

/**
 * Puts `shown` into the input if it holds anything else, with the caret at `caret` or, by
 * default, where it was less the characters refused.
 */
export function showFiltered(input: HTMLInputElement, shown: string, caret?: number): void {
  if (input.value === shown) return;
  const at =
    caret ??
    Math.max(0, (input.selectionStart ?? input.value.length) - (input.value.length - shown.length));
  input.value = shown;
  try {
    input.setSelectionRange(at, at);
  } catch {
    // input types without a selection (email) keep the browser's caret
  }
}
