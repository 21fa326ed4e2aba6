import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../../src/core/build/gen-types';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import type { BankAccountForm } from '../../../src/core/types/forms/bank-account';

describe('generated types', () => {
  it('are up to date with the schemas (npm run gen:types -- --check)', async () => {
    const { stale, written } = await generateTypes({ check: true });
    expect(stale).toEqual([]);
    expect(written).toBeGreaterThan(30);
  }, 60000);

  it('describe the payment method union by its type', () => {
    const method: PaymentMethod = {
      type: 'ZELLE',
      zelle: { email: 'a@b.co', phone: '+14155550123' } as never,
    };
    const form: BankAccountForm = { countryCode: 'US', transferMethod: 'ACH', nickname: 'Main' };
    expect(method.type).toBe('ZELLE');
    expect(form.transferMethod).toBe('ACH');
  });
});
