// The value axis every dashboard chart draws: a round maximum, a step, the ticks between.

/** A round axis maximum at or above `value`, and the tick step that divides it into 2–5 parts. */
export function niceScale(value: number): { max: number; step: number } {
  if (value <= 0) return { max: 1, step: 1 };
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = (factor * magnitude) / 2;
    const max = Math.ceil(value / step) * step;
    if (max / step <= 5) return { max, step };
  }
  return { max: 10 * magnitude, step: 2 * magnitude };
}

/** The ticks of a scale, from 0 to its maximum. */
export function scaleTicks({ max, step }: { max: number; step: number }): number[] {
  return Array.from({ length: Math.round(max / step) + 1 }, (_, index) => index * step);
}
