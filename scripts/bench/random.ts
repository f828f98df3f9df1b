// Deterministic data: the same seed gives the same board, so runs compare.

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let generator = mulberry32(20_260_101);

/** Restarts the sequence, so what is generated next does not depend on how much came before. */
export function reseed(seed: number): void {
  generator = mulberry32(seed);
}

export const random = () => generator();
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const chance = (p: number) => random() < p;
export function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
export function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}
