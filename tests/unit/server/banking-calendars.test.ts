// The closing days of TARGET (euro payments, ECB reference rates) and FedACH, against the dates
// their operators publish.
import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  holidaysBetween,
  isOpen,
  openDayFrom,
} from '../../../src/server/services/banking-calendars';

describe('banking calendars', () => {
  it('finds Easter Sunday', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('closes TARGET on its six holidays and the weekends', () => {
    for (const day of ['2027-01-01', '2027-03-26', '2027-03-29', '2026-05-01', '2026-12-25'])
      expect(isOpen('TARGET', day), day).toBe(false);
    expect(isOpen('TARGET', '2026-11-28'), 'a Saturday').toBe(false);
    expect(isOpen('TARGET', '2026-11-26'), 'Thanksgiving is not a TARGET holiday').toBe(true);
    expect(openDayFrom('TARGET', '2027-03-25', true)).toBe('2027-03-30');
    // Weekend holidays are not counted twice.
    expect(holidaysBetween('TARGET', '2026-12-24', '2026-12-29')).toBe(1);
  });

  it("closes FedACH on the Federal Reserve's holidays, Sunday ones observed on Monday", () => {
    const closed2026 = [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ];
    for (const day of closed2026) expect(isOpen('FEDACH', day), day).toBe(false);
    // 4 July 2026 is a Saturday: the Fed does not move it, so Friday the 3rd settles.
    expect(isOpen('FEDACH', '2026-07-03')).toBe(true);
    // 4 July 2027 is a Sunday: observed on Monday the 5th.
    expect(isOpen('FEDACH', '2027-07-05')).toBe(false);
    expect(openDayFrom('FEDACH', '2026-11-25', true)).toBe('2026-11-27');
    expect(openDayFrom('FEDACH', '2026-12-24', true)).toBe('2026-12-28');
    expect(isOpen('FEDACH', '2026-05-01'), 'May Day is a TARGET holiday only').toBe(true);
  });
});
