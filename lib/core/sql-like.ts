/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE/ILIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** `%text%`: the text anywhere, taken literally. Job alerts keep the same in generated columns (db/schema/alerts.ts). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
