export function formatNumber(n: number): string {
  return new Intl.NumberFormat('en-GB').format(n);
}
