/** An ILIKE pattern matching `text` anywhere: `%`, `_` and `\` in the text match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
