// Latin text in ASCII for the payment files whose character sets are ASCII (pain.001's SEPA set,
// NACHA's printable ASCII): one spelling, so a name reads the same in every file a bank receives.
// Letters that lose nothing but their diacritics under NFKD are handled there; these are the
// Latin letters and typographic marks NFKD leaves as they are, written as the EPC's conversion
// guidance does.
const SPELLINGS: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'TH',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
};

/**
 * Accents dropped (NFKD, combining marks removed), other Latin letters and typographic marks spelt
 * in ASCII ("Łukasz Straße" → "Lukasz Strasse"); any other character is left for the file's own
 * character set to decide.
 */
export function transliterate(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[^\u0000-\u007f]/g, (c) => SPELLINGS[c] ?? c)
  );
}
