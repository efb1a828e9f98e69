/** LIKE pattern for a lower-cased substring search, with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
