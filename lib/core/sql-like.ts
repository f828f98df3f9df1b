/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE/ILIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
