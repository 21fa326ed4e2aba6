// Every rule of spec section 5, through the composed form schemas, with passing and failing values.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failures } from '../../support/validator';

const register = (over: Record<string, unknown> = {}) => ({
  email: 'ana@example.com',
  password: 'sunrise42',
  passwordConfirmation: 'sunrise42',
  preferredContact: 'EMAIL_ONLY',
  termsAccepted: true,
  ...over,
});

describe('register form', () => {
  it('accepts a complete record', () => expect(failures('register', register())).toEqual([]));
  it('requires a valid email', () => {
    expect(failures('register', register({ email: 'ana@' }))).toContain('/email format');
    expect(failures('register', register({ email: undefined }))).toContain('/email required');
  });
  it('password: at least 8, a letter and a digit', () => {
    const pw = (p: string) =>
      failures('register', register({ password: p, passwordConfirmation: p }));
    expect(pw('abc123')).toContain('/password minLength');
    expect(pw('abcdefgh')).toContain('/password pattern');
    expect(pw('12345678')).toContain('/password pattern');
    expect(pw('ábcdefg1')).toEqual([]);
  });
  it('confirmation must equal the password (notEqual)', () => {
    expect(failures('register', register({ passwordConfirmation: 'sunrise43' }))).toEqual([
      '/passwordConfirmation notEqual',
    ]);
  });
  it('password must differ from the email ignoring case (isSameValue)', () => {
    const p = 'ANA1@EXAMPLE.COM';
    expect(
      failures(
        'register',
        register({ email: 'ana1@example.com', password: p, passwordConfirmation: p }),
      ),
    ).toEqual(['/password isSameValue']);
  });
  it('terms must be ticked and the contact type given', () => {
    expect(failures('register', register({ termsAccepted: false }))).toEqual([
      '/termsAccepted const',
    ]);
    expect(failures('register', register({ preferredContact: undefined }))).toEqual([
      '/preferredContact required',
    ]);
  });
});

describe('names, address text and non-blank required fields', () => {
  const person = (over: Record<string, unknown> = {}) => ({
    firstName: "Anne-Marie O'Neil",
    lastName: 'García, Jr.',
    dob: '1990-02-01',
    residency: 'US',
    ...over,
  });
  it('accepts letters, comma, period, apostrophe, whitespace and hyphen in names', () => {
    expect(failures('profile-person', person())).toEqual([]);
  });
  it('refuses digits and other signs in names', () => {
    expect(failures('profile-person', person({ firstName: 'Ann3' }))).toEqual([
      '/firstName pattern',
    ]);
    expect(failures('profile-person', person({ lastName: 'Smith!' }))).toEqual([
      '/lastName pattern',
    ]);
  });
  it('refuses a required name of spaces only', () => {
    expect(failures('profile-person', person({ firstName: '   ' }))).toContain(
      '/firstName nonBlank',
    );
  });
  it('address text allows digits', () => {
    const address = {
      countryCode: 'US',
      addressLine1: '350 Fifth Avenue',
      city: 'New York',
      state: 'NY',
      zipCode: '10118',
    };
    expect(failures('address', address)).toEqual([]);
    expect(failures('address', { ...address, addressLine1: '350 Fifth Ave; DROP' })).toEqual([
      '/addressLine1 pattern',
    ]);
    expect(failures('address', { ...address, addressLine1: ' ' })).toContain(
      '/addressLine1 nonBlank',
    );
  });
  it('optional email may be empty but not malformed', () => {
    expect(failures('profile-person', person({ email: '' }))).toEqual([]);
    expect(failures('profile-person', person({ email: 'nope' }))).toEqual(['/email pattern']);
  });
});

describe('minimum age (default 18, threshold from configuration)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 10, 21) }));
  afterEach(() => vi.useRealTimers());
  const person = (dob: string) => ({ firstName: 'Ana', lastName: 'Lima', dob, residency: 'BR' });
  it('accepts an adult and refuses a 17-year-old', () => {
    expect(failures('profile-person', person('2008-11-21'))).toEqual([]);
    expect(failures('profile-person', person('2009-01-01'))).toEqual(['/dob minimumAge']);
  });
  it('uses the configured threshold', () => {
    expect(failures('profile-person', person('2008-11-21'), { minimumAge: 21 })).toEqual([
      '/dob minimumAge',
    ]);
  });
});

describe('phone, nickname, province, OTP', () => {
  it('phone: plus then 7 to 15 digits', () => {
    expect(failures('phone', { number: '+1234567', phoneType: 'CELL' })).toEqual([]);
    expect(failures('phone', { number: '+123456789012345', phoneType: 'WORK' })).toEqual([]);
    expect(failures('phone', { number: '+123456', phoneType: 'CELL' })).toEqual([
      '/number pattern',
    ]);
    expect(failures('phone', { number: '+1234567890123456', phoneType: 'CELL' })).toEqual([
      '/number pattern',
    ]);
    expect(failures('phone', { number: '1234567', phoneType: 'CELL' })).toEqual([
      '/number pattern',
    ]);
    expect(failures('phone', { number: '+1234567', phoneType: 'FAX' })).toEqual([
      '/phoneType enum',
    ]);
  });
  it('bank nickname: required, at most 30', () => {
    const base = {
      countryCode: 'KE',
      transferMethod: 'WIRE',
      accountNumber: '123',
      accountNumberConfirmation: '123',
      bic: 'EQBLKENA',
      addressLine1: '1 Moi Avenue',
      addressCity: 'Nairobi',
      addressCountryCode: 'KE',
    };
    expect(
      failures('bank-account', { ...base, nickname: 'x'.repeat(30) }, { country: 'KE' }),
    ).toEqual([]);
    expect(
      failures('bank-account', { ...base, nickname: 'x'.repeat(31) }, { country: 'KE' }),
    ).toEqual(['/nickname maxLength']);
    expect(failures('bank-account', base, { country: 'KE' })).toEqual(['/nickname required']);
  });
  it('beneficiary address: required for an international wire, optional for ACH and SEPA', () => {
    const kenyan = {
      countryCode: 'KE',
      transferMethod: 'WIRE',
      nickname: 'Equity',
      accountNumber: '123',
      accountNumberConfirmation: '123',
      bic: 'EQBLKENA',
    };
    expect(failures('bank-account', kenyan, { country: 'KE' })).toEqual([
      '/addressLine1 required',
      '/addressCity required',
      '/addressCountryCode required',
    ]);
    const us = {
      countryCode: 'US',
      transferMethod: 'ACH',
      nickname: 'Checking',
      accountType: 'CHECKING',
      routingNumber: '011000015',
      accountNumber: '123456789',
      accountNumberConfirmation: '123456789',
    };
    expect(failures('bank-account', us, { country: 'US', method: 'ACH' })).toEqual([]);
    const austrian = {
      countryCode: 'AT',
      transferMethod: 'WIRE',
      nickname: 'Giro',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
    };
    expect(failures('bank-account', austrian, { country: 'AT', method: 'WIRE' })).toEqual([]);
  });
  it('province: at most 200', () => {
    const addr = {
      countryCode: 'KE',
      addressLine1: '1 Moi Avenue',
      locality: 'Nairobi',
      postalCode: '00100',
    };
    expect(failures('address', { ...addr, province: 'P'.repeat(200) }, { country: 'KE' })).toEqual(
      [],
    );
    expect(failures('address', { ...addr, province: 'P'.repeat(201) }, { country: 'KE' })).toEqual([
      '/province maxLength',
    ]);
  });
  it('OTP: exactly 6 digits', () => {
    expect(failures('otp', { otp: '123456' })).toEqual([]);
    expect(failures('otp', { otp: '12345' })).toEqual(['/otp minLength', '/otp pattern']);
    expect(failures('otp', { otp: '12345a' })).toEqual(['/otp pattern']);
    expect(failures('otp', {})).toEqual(['/otp required']);
  });
});

describe('debit card', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date(2026, 10, 21) }));
  afterEach(() => vi.useRealTimers());
  const card = (over: Record<string, unknown> = {}) => ({
    nameOnCard: 'Ana Lima',
    pan: '4242424242424242',
    panConfirmation: '4242424242424242',
    expiryDate: '08/29',
    cvc: '123',
    addressLine1: '1 Main St',
    addressCity: 'Austin',
    addressPostalCode: '78701',
    addressCountryCode: 'US',
    ...over,
  });
  it('accepts a Visa and a Mastercard', () => {
    expect(failures('debit-card', card())).toEqual([]);
    const mc = '5555555555554444';
    expect(failures('debit-card', card({ pan: mc, panConfirmation: mc }))).toEqual([]);
  });
  it('refuses a Luhn failure, a non-Visa/Mastercard brand and a wrong length', () => {
    const pan = (p: string) => failures('debit-card', card({ pan: p, panConfirmation: p }));
    expect(pan('4242424242424241')).toEqual(['/pan luhn']);
    expect(pan('6011111111111117')).toEqual(['/pan cardBrand']);
    expect(pan('424242424242424')).toContain('/pan pattern');
  });
  it('confirmation must repeat the card number', () => {
    expect(failures('debit-card', card({ panConfirmation: '4242424242424243' }))).toEqual([
      '/panConfirmation notEqual',
    ]);
  });
  it('expiry: MM/YY, month 01-12, not in the past', () => {
    expect(failures('debit-card', card({ expiryDate: '13/29' }))).toEqual([
      '/expiryDate expiryMonth',
    ]);
    expect(failures('debit-card', card({ expiryDate: '10/26' }))).toEqual([
      '/expiryDate expiryNotPast',
    ]);
    expect(failures('debit-card', card({ expiryDate: '0829' }))).toContain('/expiryDate pattern');
  });
  it('CVC 3 digits, name 3 to 40', () => {
    expect(failures('debit-card', card({ cvc: '12' }))).toEqual(['/cvc pattern']);
    expect(failures('debit-card', card({ cvc: '1234' }))).toEqual(['/cvc pattern']);
    expect(failures('debit-card', card({ nameOnCard: 'Al' }))).toEqual(['/nameOnCard minLength']);
    expect(failures('debit-card', card({ nameOnCard: 'A'.repeat(41) }))).toEqual([
      '/nameOnCard maxLength',
    ]);
  });
});

describe('Zelle, PayPal, guardian invite, company', () => {
  it('Zelle needs both email and phone', () => {
    const z = {
      tokenType: 'ZELLE_EMAIL',
      email: 'ana@example.com',
      phone: '+14155550123',
      firstName: 'Ana',
      lastName: 'Lima',
    };
    expect(failures('zelle', z)).toEqual([]);
    expect(failures('zelle', { ...z, phone: undefined })).toEqual(['/phone required']);
    expect(failures('zelle', { ...z, email: undefined })).toEqual(['/email required']);
  });
  it('PayPal needs the authorization code', () => {
    expect(failures('paypal', { authorizationCode: 'C21AAK', preferred: true })).toEqual([]);
    expect(failures('paypal', { authorizationCode: '  ' })).toEqual([
      '/authorizationCode nonBlank',
    ]);
  });
  it('guardian invite needs a name, an email and the relationship', () => {
    const g = {
      firstName: 'Maria',
      lastName: 'Lima',
      guardianEmail: 'maria@example.com',
      relationship: 'PARENT',
    };
    expect(failures('guardian-invite', g)).toEqual([]);
    expect(failures('guardian-invite', { ...g, guardianEmail: 'maria' })).toEqual([
      '/guardianEmail format',
    ]);
  });
  it('company profile', () => {
    expect(
      failures('profile-company', {
        name: 'Acme Holdings 2, Inc.',
        tin: '12-3456789',
        residency: 'US',
      }),
    ).toEqual([]);
    expect(failures('profile-company', { name: 'Acme', residency: 'USA' })).toEqual([
      '/tin required',
      '/residency pattern',
    ]);
  });
  it('physical check takes only the preferred flag', () => {
    expect(failures('physical-check', { preferred: true })).toEqual([]);
    expect(failures('physical-check', { preferred: true, amount: 5 })).toEqual([
      '/amount additionalProperties',
    ]);
  });
});
