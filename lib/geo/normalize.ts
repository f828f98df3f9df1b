// Letters NFKD does not decompose into a base letter plus accents.
const special: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  ł: 'l',
  Ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * Accent-, case- and punctuation-insensitive form of a place name: "Zürich" and "ZURICH" → "zurich",
 * "Côte d'Ivoire" → "cote divoire", "Saint-Étienne" → "saint etienne". Apostrophes vanish (so
 * "d'Ivoire" and "dIvoire" agree); other punctuation separates words.
 */
export function fold(text: string): string {
  return text
    .replace(/[ßẞæÆœŒøØđĐðłŁþı]/g, (letter) => special[letter]!)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
