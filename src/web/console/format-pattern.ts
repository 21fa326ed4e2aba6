// A field's format in plain terms and the anchored pattern it stands for, both ways: the rule
// editor's format builder (format-widget.tsx) writes the pattern for the person, and opens in the
// builder every pattern it can say again in these terms.
//
// The terms:
// - characters and length: "digits only, from 9 to 12" → ^[0-9]{9,12}$
// - a fixed shape from an example mask: "99-99-99" → ^[0-9]{2}-[0-9]{2}-[0-9]{2}$ (MASK_ALPHABET)
// - starts with one of some prefixes, then characters and length: "971 or 972, then 2 digits"
//   → ^(?:971|972)[0-9]{2}$
// - one of these values: "CHECKING, SAVINGS" → ^(?:CHECKING|SAVINGS)$

export type CharacterSet = 'digits' | 'upper' | 'letters' | 'upperDigits' | 'lettersDigits';

export interface CharactersFormat {
  kind: 'characters';
  set: CharacterSet;
  min: number;
  max: number;
}
export interface MaskFormat {
  kind: 'mask';
  /** An example of the shape in the mask alphabet (MASK_ALPHABET), e.g. "AA999999". */
  mask: string;
}
export interface PrefixFormat {
  kind: 'prefix';
  prefixes: string[];
  /** The characters after the prefix, and how many. */
  set: CharacterSet;
  min: number;
  max: number;
}
export interface OneOfFormat {
  kind: 'oneOf';
  values: string[];
}
export type Format = CharactersFormat | MaskFormat | PrefixFormat | OneOfFormat;
export type FormatKind = Format['kind'];

/** Each set's class in a pattern; the first is what the builder writes. */
const CLASSES: Record<CharacterSet, readonly string[]> = {
  digits: ['[0-9]', '\\d'],
  upper: ['[A-Z]'],
  letters: ['[A-Za-z]', '[a-zA-Z]'],
  upperDigits: ['[A-Z0-9]', '[0-9A-Z]', '[A-Z\\d]'],
  lettersDigits: ['[A-Za-z0-9]', '[a-zA-Z0-9]', '[0-9A-Za-z]', '[A-Za-z\\d]'],
};

export const CHARACTER_SETS = Object.keys(CLASSES) as CharacterSet[];

/**
 * The mask alphabet: each of these characters stands for one character of the set; any other
 * character stands for itself, and a backslash makes the next character stand for itself ("\9" is
 * the digit nine, "\A" the letter A). A "?" after a character that stands for itself makes it
 * optional: "99999-?999" accepts 12345-678 and 12345678.
 */
export const MASK_ALPHABET: Readonly<Record<string, CharacterSet>> = {
  '9': 'digits',
  A: 'upper',
  a: 'letters',
  X: 'upperDigits',
  x: 'lettersDigits',
};
const MASK_ESCAPE = '\\';
const MASK_OPTIONAL = '?';

// Escaped in the pattern; in unicode mode (how the engine compiles patterns) no other character
// may be escaped, so a "-" or a space stays as it is.
const META = /[\\^$.|?*+()[\]{}/]/g;
const escapeText = (value: string): string => value.replace(META, '\\$&');

const counted = (cls: string, min: number, max: number): string =>
  min === max ? (min === 1 ? cls : `${cls}{${min}}`) : `${cls}{${min},${max}}`;

const choice = (values: readonly string[]): string =>
  values.length === 1 ? escapeText(values[0] as string) : `(?:${values.map(escapeText).join('|')})`;

/** A mask's parts: a run of one set's characters, a text that stands for itself, or one optional
 * character. */
type MaskPart = { set: CharacterSet; count: number } | { text: string } | { optional: string };

export function maskParts(mask: string): MaskPart[] {
  const parts: MaskPart[] = [];
  for (let i = 0; i < mask.length; i++) {
    let c = mask[i] as string;
    const last = parts[parts.length - 1];
    const set = Object.hasOwn(MASK_ALPHABET, c) ? MASK_ALPHABET[c] : undefined;
    if (set) {
      if (last && 'set' in last && last.set === set) last.count++;
      else parts.push({ set, count: 1 });
      continue;
    }
    if (c === MASK_ESCAPE && i + 1 < mask.length) c = mask[++i] as string;
    if (mask[i + 1] === MASK_OPTIONAL) {
      parts.push({ optional: c });
      i++;
    } else if (last && 'text' in last) last.text += c;
    else parts.push({ text: c });
  }
  return parts;
}

const MASK_SPECIAL = [...Object.keys(MASK_ALPHABET), MASK_ESCAPE, MASK_OPTIONAL];

/** The mask of a text that stands for itself: mask characters escaped. */
const maskText = (text: string): string =>
  [...text].map((c) => (MASK_SPECIAL.includes(c) ? MASK_ESCAPE + c : c)).join('');

/** Whether a mask says more than texts (at least one 9, A, a, X or x). */
export const hasMaskClass = (mask: string): boolean =>
  maskParts(mask).some((part) => 'set' in part);

/** The anchored pattern of a format. */
export function writePattern(format: Format): string {
  switch (format.kind) {
    case 'oneOf':
      return `^(?:${format.values.map(escapeText).join('|')})$`;
    case 'characters':
      return `^${counted(CLASSES[format.set][0] as string, format.min, format.max)}$`;
    case 'prefix':
      return `^${choice(format.prefixes)}${counted(CLASSES[format.set][0] as string, format.min, format.max)}$`;
    case 'mask':
      return `^${maskParts(format.mask)
        .map((part) =>
          'set' in part
            ? counted(CLASSES[part.set][0] as string, part.count, part.count)
            : 'text' in part
              ? escapeText(part.text)
              : `${escapeText(part.optional)}?`,
        )
        .join('')}$`;
  }
}

/** A text of literal characters, unescaped; null when it holds anything else. */
function literal(text: string): string | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined || !/[\\^$.|?*+()[\]{}/-]/.test(next)) return null;
      out += next;
      i++;
    } else if (/[\^$.|?*+()[\]{}]/.test(c)) return null;
    else out += c;
  }
  return out;
}

/** The values of an alternation ("a|b|c"), each literal; null otherwise. */
function alternatives(text: string): string[] | null {
  // Split on the bars that are not escaped.
  const values = text.split(/(?<!\\)\|/).map(literal);
  if (values.some((v) => v === null || v === '')) return null;
  return values as string[];
}

const setOf = (cls: string): CharacterSet | undefined =>
  CHARACTER_SETS.find((s) => CLASSES[s].includes(cls));

// A class the builder knows, and an optional count: [0-9], \d{4}, [A-Z]{2,3}.
const CLASS = String.raw`(\[[^\]]+\]|\\d)(?:\{(\d+)(?:,(\d+))?\})?`;

/** The set and count of a class with its count; null for a class or count the builder lacks. */
function countedSet(
  cls: string,
  low: string | undefined,
  high: string | undefined,
): { set: CharacterSet; min: number; max: number } | null {
  const set = setOf(cls);
  const min = low === undefined ? 1 : Number(low);
  const max = high === undefined ? min : Number(high);
  if (!set || max < min) return null;
  return { set, min, max };
}

/** The mask of a pattern made of known classes with fixed counts and literal characters. */
function readMask(body: string): MaskFormat | null {
  const token = new RegExp(
    `^(?:${CLASS}|(\\\\[\\\\^$.|?*+()[\\]{}/-]|[^\\\\^$.|?*+()[\\]{}])(\\?)?)`,
  );
  let mask = '';
  let rest = body;
  let classes = 0;
  while (rest) {
    const match = token.exec(rest);
    if (!match) return null;
    const [whole, cls, low, high, text, optional] = match as unknown as (string | undefined)[];
    if (cls !== undefined) {
      const run = countedSet(cls, low, high);
      // A shape has fixed counts: {2,3} is not a mask.
      if (!run || run.min !== run.max || run.max === 0) return null;
      const letter = Object.keys(MASK_ALPHABET).find((c) => MASK_ALPHABET[c] === run.set);
      mask += (letter as string).repeat(run.max);
      classes++;
    } else mask += maskText(literal(text as string) as string) + (optional ? MASK_OPTIONAL : '');
    rest = rest.slice((whole as string).length);
  }
  return classes ? { kind: 'mask', mask } : null;
}

/** The format a pattern says, when the builder can say it; null for anything else. */
export function readPattern(pattern: string): Format | null {
  const anchored = /^\^(.*)\$$/s.exec(pattern);
  if (!anchored) return null;
  const body = anchored[1] as string;

  const whole = new RegExp(`^${CLASS}$`).exec(body);
  if (whole) {
    const run = countedSet(whole[1] as string, whole[2], whole[3]);
    return run ? { kind: 'characters', ...run } : null;
  }

  const group = /^\((?:\?:)?(.*)\)$/.exec(body);
  if (group || !/[()[\]]/.test(body)) {
    const values = alternatives(group ? (group[1] as string) : body);
    // A bare text with no bar reads as one value (^abc$).
    if (values) return { kind: 'oneOf', values };
  }

  const prefixed = new RegExp(`^(?:\\((?:\\?:)?([^()]*)\\)|([^()[\\]|]+?))${CLASS}$`).exec(body);
  if (prefixed) {
    const [, listed, single, cls, low, high] = prefixed as unknown as (string | undefined)[];
    const prefixes = listed !== undefined ? alternatives(listed) : alternatives(single as string);
    const run = countedSet(cls as string, low, high);
    // One prefix and a fixed count is also a mask; a prefix reads more plainly ("starts with 0").
    if (prefixes && run && run.max > 0) return { kind: 'prefix', prefixes, ...run };
  }

  return readMask(body);
}

// ---------------------------------------------------------------------------------------------
// Samples: values a format should accept and values it should refuse, shown beside the builder
// and checked against the draft's compiled rule.

const SAMPLE_TEXT: Record<CharacterSet, string> = {
  digits: '4829163057',
  upper: 'KQXBMRTAWZ',
  letters: 'KqXbMrTaWz',
  upperDigits: 'K4QX8B2MR7',
  lettersDigits: 'k4QX8b2Mr7',
};
const WRONG_CHARACTER: Record<CharacterSet, string> = {
  digits: 'A',
  upper: 'a',
  letters: '7',
  upperDigits: 'a',
  lettersDigits: '-',
};

const sampleOf = (set: CharacterSet, length: number, shift = 0): string =>
  SAMPLE_TEXT[set].repeat(Math.ceil((length + shift) / 10) + 1).slice(shift, shift + length);

export interface Samples {
  accepted: string[];
  refused: string[];
}

const distinct = (values: string[], not: readonly string[] = []): string[] =>
  [...new Set(values)].filter((v) => !not.includes(v));

/** A character of the same kind as `c` that starts none of `taken`. */
function another(c: string, taken: readonly string[]): string {
  const pool = /\d/.test(c)
    ? '0123456789'
    : /[a-z]/.test(c)
      ? 'abcdefghijklmnopqrstuvwxyz'
      : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return [...pool].find((p) => p !== c && !taken.some((t) => t.startsWith(p))) ?? '#';
}

/** Values a format should accept and values it should refuse, to show beside the builder. */
export function samplesOf(format: Format): Samples {
  switch (format.kind) {
    case 'oneOf': {
      const first = format.values[0] ?? '';
      const refused = [
        `${first}0`,
        first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase(),
      ].filter(Boolean);
      return { accepted: [...format.values], refused: distinct(refused, format.values) };
    }
    case 'characters': {
      const { set, min, max } = format;
      const accepted = distinct([sampleOf(set, min), sampleOf(set, max)]).filter(Boolean);
      const longest = sampleOf(set, max);
      const refused = [
        // An empty value is the business of "required", not of the format.
        ...(min > 1 ? [sampleOf(set, min - 1)] : []),
        sampleOf(set, max + 1),
        ...(max > 0 ? [WRONG_CHARACTER[set] + longest.slice(1)] : []),
      ];
      return { accepted, refused: distinct(refused, accepted) };
    }
    case 'prefix': {
      const { prefixes, set, min, max } = format;
      const first = prefixes[0] ?? '';
      const accepted = distinct([
        ...prefixes.slice(0, 3).map((p) => p + sampleOf(set, max)),
        first + sampleOf(set, min, 3),
      ]);
      const refused = [
        first ? another(first[0] as string, prefixes) + first.slice(1) + sampleOf(set, max) : '',
        ...(min > 0 ? [first + sampleOf(set, min - 1)] : []),
        first + sampleOf(set, max + 1),
        ...(max > 0 ? [first + WRONG_CHARACTER[set] + sampleOf(set, max - 1)] : []),
      ].filter(Boolean);
      return { accepted, refused: distinct(refused, accepted) };
    }
    case 'mask': {
      const parts = maskParts(format.mask);
      // The first sample has the optional characters, the second leaves them out; without
      // texts, the characters that must be there are left out too.
      // The runs go on through the sample text (48-29-16, not 48-48-48).
      const fill = (shift: number, optional: boolean, texts = true) => {
        let at = shift;
        return parts
          .map((p) =>
            'set' in p
              ? sampleOf(p.set, p.count, (at += p.count) - p.count)
              : 'text' in p
                ? texts
                  ? p.text
                  : ''
                : optional
                  ? p.optional
                  : '',
          )
          .join('');
      };
      const value = fill(0, true);
      const accepted = distinct([value, fill(4, false)]);
      const firstRun = parts.findIndex((p) => 'set' in p);
      const before = parts
        .slice(0, Math.max(0, firstRun))
        .map((p) => ('set' in p ? p.count : 'text' in p ? p.text.length : 1))
        .reduce((a, b) => a + b, 0);
      const run = parts[firstRun] as { set: CharacterSet } | undefined;
      const withoutTexts = fill(0, true, false);
      const refused = [
        value.slice(0, -1),
        `${value}${value.slice(-1)}`,
        ...(run
          ? [value.slice(0, before) + WRONG_CHARACTER[run.set] + value.slice(before + 1)]
          : []),
        ...(withoutTexts !== value ? [withoutTexts] : []),
      ].filter(Boolean);
      return { accepted, refused: distinct(refused, accepted) };
    }
  }
}

/**
 * Whether a pattern accepts a value, as the engine compiles it (a JavaScript regular expression
 * in unicode mode); false for a pattern that does not compile.
 */
export function accepts(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}
