// A field's format in plain terms ("digits only, from 9 to 12"; "one of these values") and the
// anchored pattern it stands for, both ways: the rule editor's format builder writes the pattern
// for the person, and opens in the builder every pattern it can say again in these terms.

export type CharacterSet = 'digits' | 'upper' | 'letters' | 'upperDigits' | 'lettersDigits';

export interface CharactersFormat {
  kind: 'characters';
  set: CharacterSet;
  min: number;
  max: number;
}
export type Format = CharactersFormat | { kind: 'oneOf'; values: string[] };

/** Each set's class in a pattern; the first is what the builder writes. */
const CLASSES: Record<CharacterSet, readonly string[]> = {
  digits: ['[0-9]', '\\d'],
  upper: ['[A-Z]'],
  letters: ['[A-Za-z]', '[a-zA-Z]'],
  upperDigits: ['[A-Z0-9]', '[0-9A-Z]', '[A-Z\\d]'],
  lettersDigits: ['[A-Za-z0-9]', '[a-zA-Z0-9]', '[0-9A-Za-z]', '[A-Za-z\\d]'],
};

export const CHARACTER_SETS = Object.keys(CLASSES) as CharacterSet[];

const META = /[\\^$.|?*+()[\]{}/]/g;
const escapeValue = (value: string): string => value.replace(META, '\\$&');

/** The anchored pattern of a format. */
export function writePattern(format: Format): string {
  if (format.kind === 'oneOf') return `^(?:${format.values.map(escapeValue).join('|')})$`;
  const { set, min, max } = format;
  const count = min === max ? `{${min}}` : `{${min},${max}}`;
  return `^${CLASSES[set][0]}${count}$`;
}

/** A value of an alternation, unescaped; null when it holds anything but literal characters. */
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

/** The format a pattern says, when the builder can say it; null for anything else. */
export function readPattern(pattern: string): Format | null {
  const counted = /^\^(\[[^\]]+\]|\\d)\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (counted) {
    const [, cls, low, high] = counted as unknown as [string, string, string, string | undefined];
    const set = CHARACTER_SETS.find((s) => CLASSES[s].includes(cls));
    const min = Number(low);
    const max = high === undefined ? min : Number(high);
    if (!set || max < min) return null;
    return { kind: 'characters', set, min, max };
  }
  const choice = /^\^\((?:\?:)?(.*)\)\$$/.exec(pattern) ?? /^\^([^()]*)\$$/.exec(pattern);
  if (choice) {
    // Split on the bars that are not escaped.
    const parts = (choice[1] as string).split(/(?<!\\)\|/);
    const values = parts.map(literal);
    if (values.some((v) => v === null || v === '')) return null;
    // One bare value with no bar is a fixed text; a pattern like ^abc$ reads as one value.
    return { kind: 'oneOf', values: values as string[] };
  }
  return null;
}

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

const sampleOf = (set: CharacterSet, length: number): string =>
  SAMPLE_TEXT[set].repeat(Math.ceil(length / 10) + 1).slice(0, length);

/** Values a format should accept and values it should refuse, to show beside the builder. */
export function samplesOf(format: Format): { accepted: string[]; refused: string[] } {
  if (format.kind === 'oneOf') {
    const first = format.values[0] ?? '';
    const refused = [
      `${first}0`,
      first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase(),
    ].filter((v) => v && !format.values.includes(v));
    return { accepted: [...format.values], refused: [...new Set(refused)] };
  }
  const { set, min, max } = format;
  const accepted = [...new Set([sampleOf(set, min), sampleOf(set, max)])].filter(Boolean);
  const longest = sampleOf(set, max);
  const refused = [
    ...(min > 0 ? [sampleOf(set, min - 1)] : []),
    sampleOf(set, max + 1),
    ...(max > 0 ? [WRONG_CHARACTER[set] + longest.slice(1)] : []),
  ];
  return { accepted, refused };
}

/** Whether a pattern accepts a value (false for a pattern that does not compile). */
export function accepts(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}
