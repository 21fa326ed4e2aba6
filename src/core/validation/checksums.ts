// National bank identifier checksums that no maintained library covers.
// Each takes the raw string and returns false for anything but the exact digit count.

const digitsOnly = (value: string, length: number): number[] | null =>
  new RegExp(`^\\d{${length}}$`).test(value) ? [...value].map(Number) : null;

/** Weighted sum where each product is reduced mod 10 (CLABE) or not (ABA, CBU). */
const weightedSum = (digits: number[], weights: number[], reduceEach = false): number =>
  digits.reduce((sum, digit, i) => {
    const product = digit * (weights[i % weights.length] ?? 0);
    return sum + (reduceEach ? product % 10 : product);
  }, 0);

/** US ABA routing number: 3*(d1+d4+d7) + 7*(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidAbaRouting(value: string): boolean {
  const digits = digitsOnly(value, 9);
  return digits !== null && weightedSum(digits, [3, 7, 1]) % 10 === 0;
}

/** Mexican CLABE (18 digits): weights 3,7,1 over the first 17, products mod 10; control digit last. */
export function isValidClabe(value: string): boolean {
  const digits = digitsOnly(value, 18);
  if (!digits) return false;
  const sum = weightedSum(digits.slice(0, 17), [3, 7, 1], true);
  return (10 - (sum % 10)) % 10 === digits[17];
}

const cbuBlockValid = (block: number[], weights: number[]): boolean => {
  const body = block.slice(0, -1);
  const check = block[block.length - 1];
  return (10 - (weightedSum(body, weights) % 10)) % 10 === check;
};

/** Argentine CBU (22 digits): two blocks, each with its own check digit (BCRA Communication A 2140). */
export function isValidCbu(value: string): boolean {
  const digits = digitsOnly(value, 22);
  if (!digits) return false;
  return (
    cbuBlockValid(digits.slice(0, 8), [7, 1, 3, 9, 7, 1, 3]) &&
    cbuBlockValid(digits.slice(8), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3])
  );
}
