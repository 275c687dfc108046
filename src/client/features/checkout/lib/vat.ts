/** Saudi VAT (15%), contained in every catalog price (DESIGN §3: prices include VAT). */
export const VAT_RATE_PERCENT = 15;

/** The VAT inside a VAT-inclusive amount, in halalas, rounded to the nearest halala. */
export function vatIncluded(totalHalalas: number): number {
  return totalHalalas - Math.round((totalHalalas * 100) / (100 + VAT_RATE_PERCENT));
}
