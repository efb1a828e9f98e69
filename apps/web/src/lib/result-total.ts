/**
 * A search's total as shown: the number, or "10,000+" when the server capped its count (totalIsEstimate: more match
 * than it counted, spec lists page in SQL with a capped count — decision WL1).
 */
export function formatResultTotal(total: number, isEstimate: boolean | undefined): string {
  return isEstimate ? `${total.toLocaleString('en-US')}+` : String(total);
}
