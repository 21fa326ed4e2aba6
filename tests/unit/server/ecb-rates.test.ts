// The ECB's reference rate XML: read as published, refused as a whole when anything differs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcbRates, RateFeedError } from '../../../src/server/services/ecb-rates';
import { BUNDLED_RATES_FILE, ninetyDayFileOf } from '../../../src/server/services/rate-feed';

/** The daily file as the ECB serves it (abridged to three currencies). */
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-11-26'>
\t\t\t<Cube currency='USD' rate='1.0858'/>
\t\t\t<Cube currency='JPY' rate='167.54'/>
\t\t\t<Cube currency='GBP' rate='0.85670'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

const refused = (xml: string): string => {
  try {
    parseEcbRates(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(RateFeedError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('ECB reference rate files', () => {
  it('reads the daily file: the sender, the day and its rates per euro as published', () => {
    expect(parseEcbRates(DAILY)).toEqual({
      sender: 'European Central Bank',
      days: [{ date: '2026-11-26', rates: { USD: '1.0858', JPY: '167.54', GBP: '0.85670' } }],
    });
  });

  it('reads the bundled 90-day file, newest day first, each a weekday with every currency', () => {
    const { days } = parseEcbRates(readFileSync(BUNDLED_RATES_FILE, 'utf8'));
    expect(days.length).toBeGreaterThan(60);
    expect(days[0]?.date).toBe('2026-11-26');
    const dates = days.map((day) => day.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const day of days) {
      expect([0, 6]).not.toContain(new Date(`${day.date}T00:00:00Z`).getUTCDay());
      expect(Object.keys(day.rates)).toHaveLength(20);
    }
  });

  it('finds the 90-day file beside the daily one, and no other', () => {
    expect(ninetyDayFileOf('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml')).toBe(
      'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml',
    );
    expect(ninetyDayFileOf('/srv/rates/eurofxref-hist-90d.xml')).toBeNull();
  });

  it.each([
    ['a truncated file', DAILY.slice(0, DAILY.indexOf('</Cube>')), /not closed/],
    ['another namespace', DAILY.replace('eurofxref"', 'other"'), /namespaces/],
    ['another subject', DAILY.replace('Reference rates', 'Rates'), /subject/],
    ['a decimal comma', DAILY.replace("'1.0858'", "'1,0858'"), /"1,0858" is not a rate/],
    ['a zero rate', DAILY.replace("'1.0858'", "'0.0000'"), /not a rate/],
    ['a negative rate', DAILY.replace("'1.0858'", "'-1.0858'"), /not a rate/],
    ['a date that does not exist', DAILY.replace('2026-11-26', '2026-02-30'), /not a date/],
    ['a lowercase currency', DAILY.replace("'USD'", "'usd'"), /not a currency code/],
    ['the euro against itself', DAILY.replace("'USD'", "'EUR'"), /not a currency code/],
    ['a currency twice', DAILY.replace("'JPY'", "'USD'"), /USD appears twice/],
    ['a day twice', DAILY.replace(/(\t\t<Cube time[^]*?\t\t<\/Cube>\n)/, '$1$1'), /appears twice/],
    [
      'an unknown attribute',
      DAILY.replace("rate='1.0858'", "rate='1.0858' note='x'"),
      /unknown attribute note/,
    ],
    [
      'an unknown element',
      DAILY.replace('\t</Cube>\n</gesmes', '\t</Cube>\n<extra/></gesmes'),
      /unexpected <extra>/,
    ],
    [
      'text among the rates',
      DAILY.replace("\t\t\t<Cube currency='JPY'", "oops<Cube currency='JPY'"),
      /holds text/,
    ],
    ['no day at all', DAILY.replace(/\t\t<Cube time[^]*?\t\t<\/Cube>\n/, ''), /no publication day/],
    [
      'a DOCTYPE with an entity',
      DAILY.replace('<gesmes:Envelope', '<!DOCTYPE x [<!ENTITY e "1">]><gesmes:Envelope'),
      /DOCTYPE/,
    ],
    [
      'an unknown entity',
      DAILY.replace('European Central Bank', 'European &e; Bank'),
      /unsupported entity/,
    ],
    [
      'an HTML error page',
      '<html><body>Service unavailable</body></html>',
      /expected <gesmes:Envelope>/,
    ],
    ['an empty answer', '', /no root element/],
  ])('refuses %s', (_case, xml, message) => {
    expect(refused(xml)).toMatch(message);
  });
});
