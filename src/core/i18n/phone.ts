// Phone numbers as people read them (spec section 2: "+1 415-555-0123" for North America), with
// libphonenumber-js's metadata rather than hand-written rules: North American numbers in the
// spec's dashed form, every other number in international form grouped as its country groups it
// ("+33 6 12 34 56 78"). Stored numbers are E.164 ("+14155550123") and stay so.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export function formatPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone?.isPossible()) return e164;
  if (phone.countryCallingCode === '1') {
    const digits = phone.nationalNumber;
    return `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return phone.formatInternational();
}
