/** `%text%` for ILIKE, with the pattern characters of the search itself taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
