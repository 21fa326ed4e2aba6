// Input masks of ui:options.mask: "9" takes a digit, any other character is a literal that is
// inserted as the user types (999-99-9999, 99/99, 9999 9999 9999 9999). "iban" groups letters and
// digits by four. Stored values keep their literals except spaces: card numbers are stored as 16
// digits, MM/YY with its slash, an IBAN in its electronic format.

export const IBAN_MASK = 'iban';

/** Whether a mask accepts only digits (for inputMode="numeric"). */
export const isDigitMask = (mask: string): boolean => mask !== IBAN_MASK;

const significant = (mask: string) => (mask === IBAN_MASK ? /[A-Za-z0-9]/ : /\d/);

/** The characters of `raw` the mask keeps (digits, or letters and digits for an IBAN). */
export function maskInput(raw: string, mask: string): string {
  if (mask === IBAN_MASK)
    return raw
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 34);
  const slots = [...mask].filter((c) => c === '9').length;
  return raw.replace(/\D/g, '').slice(0, slots);
}

/** The text shown in the field: the kept characters laid out on the mask. */
export function formatMasked(raw: string, mask: string): string {
  const chars = maskInput(raw, mask);
  if (mask === IBAN_MASK) return chars.replace(/(.{4})(?=.)/g, '$1 ');
  let out = '';
  let next = 0;
  for (const m of mask) {
    if (next >= chars.length) break;
    if (m === '9') out += chars[next++];
    else out += m;
  }
  return out;
}

/** The value stored in the form data: the formatted text without spaces. */
export const storedMasked = (raw: string, mask: string): string =>
  formatMasked(raw, mask).replace(/ /g, '');

/** Where the caret goes in `formatted` so that it follows the same number of kept characters. */
export function caretAfter(raw: string, caret: number, formatted: string, mask: string): number {
  const keep = significant(mask);
  let count = [...raw.slice(0, caret)].filter((c) => keep.test(c)).length;
  if (count === 0) return 0;
  for (let i = 0; i < formatted.length; i++) {
    if (keep.test(formatted[i] ?? '') && --count === 0) return i + 1;
  }
  return formatted.length;
}
