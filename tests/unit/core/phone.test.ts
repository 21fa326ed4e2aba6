// Phone numbers as the spec shows them: "+1 415-555-0123" in North America, grouped by country
// elsewhere; anything that is not a possible number stays as stored.
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../src/core/i18n/phone';

describe('formatPhone', () => {
  it.each([
    ['+14155550123', '+1 415-555-0123'],
    ['+16135550123', '+1 613-555-0123'],
    ['+33612345678', '+33 6 12 34 56 78'],
    ['+442071838750', '+44 20 7183 8750'],
    ['+5511987654321', '+55 11 98765 4321'],
    ['+12', '+12'],
  ])('%s reads %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
