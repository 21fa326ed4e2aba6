// Inputs that refuse or reshape some of what is typed (a letter in a digits-only field, a 17th
// card digit, a mask's separators, an upper-cased BIC). React writes a controlled input's value
// back after the change handler, and a value written from outside puts the caret at the end: a
// letter refused in the middle of a number would throw the caret to the end. Handlers call this
// with what the field must show, so React finds the value already there and the caret stays
// where the person was typing.

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
