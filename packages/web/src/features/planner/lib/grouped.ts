/** A whole number grouped with commas, exact for any size ('1,014', '4,611,686,018,427,387,904'). */
export function grouped(value: bigint | number | string): string {
  const digits = BigInt(value).toString();
  const negative = digits.startsWith('-');
  const plain = negative ? digits.slice(1) : digits;
  const withCommas = plain.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${withCommas}` : withCommas;
}
