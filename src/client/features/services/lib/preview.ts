/** Spec §2 Services: a card shows the first 100 characters of the description. */
export const PREVIEW_LENGTH = 100;
export const ELLIPSIS = "…";

// Punctuation a cut should not leave dangling before the ellipsis (Latin and Arabic).
const TRAILING = /[\s,;:،؛.\-–—(]+$/u;

/**
 * The start of a text, at most `limit` characters, cut where a word ends (never inside a word,
 * Latin or Arabic), followed by an ellipsis. A text that fits is returned whole, without one.
 * Counts code points; cuts only at white space, so an Arabic letter keeps its marks.
 */
export function previewText(text: string, limit = PREVIEW_LENGTH): string {
  const chars = Array.from(text.trim());
  if (chars.length <= limit) return chars.join("");
  const head = chars.slice(0, limit);
  // The cut falls between words when the next character is a space; otherwise go back to the
  // last space inside the limit, dropping the partial word. A first word longer than the limit
  // is kept whole rather than cut.
  let end = limit;
  if (!/\s/u.test(chars[limit]!)) {
    const lastSpace = head.findLastIndex((c) => /\s/u.test(c));
    const firstSpace = chars.findIndex((c) => /\s/u.test(c));
    end = lastSpace > 0 ? lastSpace : firstSpace;
    if (end < 0) return chars.join("");
  }
  const kept = chars.slice(0, end).join("").replace(TRAILING, "");
  return `${kept}${ELLIPSIS}`;
}
