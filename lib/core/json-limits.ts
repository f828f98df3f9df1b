/**
 * How deep a request's JSON may nest. Every parser and renderer after this point recurses (zod,
 * ProseMirror, the sanitizer), so a 10,000-deep array must be refused before any of them sees it.
 * 64 leaves room for a Tiptap document with lists nested about 15 levels.
 */
export const MAX_JSON_DEPTH = 64;

export type JsonProblemCode = 'too_deep' | 'nul_character' | 'lone_surrogate';

export interface JsonProblem {
  code: JsonProblemCode;
  path: (string | number)[];
  message: string;
}

const messages: Record<JsonProblemCode, string> = {
  too_deep: `Nested deeper than ${MAX_JSON_DEPTH} levels`,
  nul_character: 'Contains a NUL character (\\u0000), which cannot be stored',
  lone_surrogate: 'Contains an unpaired UTF-16 surrogate, which is not valid Unicode text',
};

/** Why a string cannot be stored as PostgreSQL text, if it cannot. */
export function textProblem(text: string): JsonProblemCode | undefined {
  if (text.includes('\u0000')) return 'nul_character';
  if (!text.isWellFormed()) return 'lone_surrogate';
  return undefined;
}

/** `text` as PostgreSQL can store it: NUL characters dropped, lone surrogates replaced by U+FFFD. */
export const storableText = (text: string): string => text.replaceAll('\u0000', '').toWellFormed();

/**
 * The first value in a parsed request that PostgreSQL cannot store or that nests too deep: a NUL
 * or a lone surrogate in any string or key, or depth over `maxDepth`. Walks without recursion.
 */
export function findJsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const code = textProblem(current);
      if (code) return { code, path, message: messages[code] };
      continue;
    }
    if (typeof current !== 'object' || current === null || current instanceof Blob) continue;
    if (path.length >= maxDepth) return { code: 'too_deep', path, message: messages.too_deep };
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    // Pushed last to first, so the first problem in reading order is the one reported.
    for (const [key, child] of entries.reverse()) {
      if (typeof key === 'string') {
        const code = textProblem(key);
        if (code) return { code, path: [...path, key], message: `Key ${messages[code].toLowerCase()}` };
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}
