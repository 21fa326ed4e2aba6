// An amount in its currency, as the interface language writes it ("$100.00", "92,00 €").
export function formatMoney(amount: string | number, currency: string, locale: string): string {
  // A decimal string is formatted exactly (Intl takes it as is), never through a binary float.
  const exact = typeof amount === 'string' ? (amount as `${number}`) : amount;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(exact);
}
