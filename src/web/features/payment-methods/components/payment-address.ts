// The payment address of a payout form (spec: "payment-address form with a checkbox 'same address
// as the profile'"). Checked, the form's address fields take the profile's address (GET /me) and
// are hidden, the address shown as text under the checkbox; unchecked, they show pre-filled for
// editing. The values sent are always the form's own address fields, which the server requires.
// The checkbox is drawn just above the first address field through that field's ui:FieldTemplate.
import type { UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../../../core/types/entities/address';
import { formatAddress } from '../../../../core/i18n/postal-address';
import type { FormData, ServerFieldError } from '../../../components/schema-form';
import { useGetProfileQuery } from '../../../api/profile-api';
import { SameAddressTemplate, type SameAddressControl } from './same-address-template';

/** The parts of a profile address, each with the name of the form field that takes it. */
export interface AddressFieldNames {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

/** The address fields of the payout forms (debit card billing, bank beneficiary, Zelle holder). */
export const PAYOUT_ADDRESS_FIELDS: AddressFieldNames = {
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  city: 'addressCity',
  state: 'addressState',
  postalCode: 'addressPostalCode',
  countryCode: 'addressCountryCode',
};

const PARTS = [
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'countryCode',
] as const satisfies readonly (keyof AddressFieldNames)[];

/**
 * The profile address as the form's address fields. Every address field is named, a part the
 * address lacks as undefined, so that nothing typed before stays behind the profile's address.
 */
export function profileAddressValues(address: Address, names: AddressFieldNames): FormData {
  const values: FormData = {};
  for (const part of PARTS) {
    const value = address[part];
    values[names[part]] = typeof value === 'string' && value.trim() ? value : undefined;
  }
  return values;
}

/** Whether two addresses are the same place, whatever the letter case and spacing. */
function sameAddress(a: Address, b: Address): boolean {
  const norm = (value: unknown) =>
    typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLowerCase() : '';
  return PARTS.every((part) => norm(a[part]) === norm(b[part]));
}

/** Whether an address has what a mailing address needs: line 1, city, postal code and country. */
export function isCompleteAddress(address: Address | undefined): address is Address {
  return !!(address?.addressLine1 && address.city && address.postalCode && address.countryCode);
}

export interface PaymentAddress {
  /** False until the profile is loaded (the form starts from its address). */
  ready: boolean;
  /** Whether the profile's address is used. */
  same: boolean;
  /** The form's data to start from, replaced when the checkbox fills the address in. */
  formData: FormData;
  onChange: (data: FormData) => void;
  /** The form's uiSchema additions: the checkbox, and the address fields hidden while checked. */
  uiSchema: UiSchema | undefined;
  /** The data to send: the profile's address in the address fields while the box is checked. */
  complete: (data: FormData) => FormData;
  /** Shows the address fields again when the server rejects one of them. */
  reveal: (errors: readonly ServerFieldError[]) => void;
}

/**
 * The same-address checkbox of a payout form whose address fields are `names`; `initial` is the
 * form's data without the address. The box is offered when the profile has an address, checked
 * unless the method being edited has a `stored` address of its own elsewhere.
 */
export function usePaymentAddress(
  names: AddressFieldNames,
  initial: FormData,
  stored?: Address,
  /** True while the method being edited is still loading: the form must not start without it. */
  pending = false,
): PaymentAddress {
  const { i18n } = useTranslation();
  const { data: profile, isLoading } = useGetProfileQuery();
  const first = profile?.addresses?.[0];
  const address = isCompleteAddress(first) ? first : undefined;
  const [choice, setChoice] = useState<boolean | null>(null);
  const startSame = !stored || (!!address && sameAddress(stored, address));
  const same = !!address && (choice ?? startSame);
  // The form's data as last changed (null until the user changes something).
  const latest = useRef<FormData | null>(null);
  const [formData, setFormData] = useState<FormData | null>(null);

  // The form starts once the profile is there, pre-filled from its address (even a partial one).
  const ready = !isLoading && !pending;
  let startData = formData;
  if (ready && startData === null) {
    const from = stored ?? first;
    startData = { ...initial, ...(from ? profileAddressValues(from, names) : {}) };
    setFormData(startData);
  }

  const onChange = useCallback((data: FormData) => {
    latest.current = data;
  }, []);

  const onToggle = useCallback(
    (checked: boolean) => {
      setChoice(checked);
      // Checked again: the profile's address replaces what was typed; unchecked, it stays to edit.
      if (checked && address) {
        const next = { ...(latest.current ?? formData), ...profileAddressValues(address, names) };
        latest.current = next;
        setFormData(next);
      }
    },
    [address, names, formData],
  );

  const uiSchema = useMemo<UiSchema | undefined>(() => {
    if (!address) return undefined;
    const control: SameAddressControl = {
      checked: same,
      lines: formatAddress(address, i18n.language),
      onToggle,
    };
    const additions: UiSchema = {};
    if (same) for (const part of PARTS) additions[names[part]] = { 'ui:widget': 'hidden' };
    additions[names.addressLine1] = {
      ...(additions[names.addressLine1] as UiSchema | undefined),
      'ui:FieldTemplate': SameAddressTemplate,
      'ui:sameAddress': control,
    };
    return additions;
  }, [address, same, names, onToggle, i18n.language]);

  const complete = useCallback(
    (data: FormData) =>
      same && address ? { ...data, ...profileAddressValues(address, names) } : data,
    [same, address, names],
  );

  const reveal = useCallback(
    (errors: readonly ServerFieldError[]) => {
      const fields = new Set(PARTS.map((part) => `/${names[part]}`));
      if (same && errors.some((error) => fields.has(error.path))) setChoice(false);
    },
    [same, names],
  );

  return { ready, same, formData: startData ?? initial, onChange, uiSchema, complete, reveal };
}
