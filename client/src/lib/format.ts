export function formatNumber(n: number): string {
  return new Intl.NumberFormat('en-GB').format(n);
}

/** A count with its noun, singular or plural: "1 address", "2,000 addresses". */
export const formatCount = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;
