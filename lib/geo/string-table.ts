// Many strings kept as one: a single string and the offsets of its parts, rather than one JS string
// (and its header) each. The gazetteer keeps its ~135,000 city names and ~135,000 folded names so.

/** The parts of a packed list: part i is `text.slice(offsets[i], offsets[i + 1])`. */
export interface PackedStrings {
  text: string;
  offsets: Uint32Array;
}

export function packStrings(strings: readonly string[]): PackedStrings {
  const offsets = new Uint32Array(strings.length + 1);
  strings.forEach((string, i) => {
    offsets[i + 1] = offsets[i]! + string.length;
  });
  return { text: strings.join(''), offsets };
}

export class StringList {
  readonly length: number;

  constructor(protected readonly packed: PackedStrings) {
    this.length = packed.offsets.length - 1;
  }

  at(index: number): string {
    return this.packed.text.slice(this.packed.offsets[index]!, this.packed.offsets[index + 1]!);
  }
}

/**
 * A list packed in JS string order (`Array.prototype.sort`'s, by UTF-16 code unit), searched by
 * bisection without slicing a string per step.
 */
export class SortedStrings extends StringList {
  /** The index of `key`, or -1. */
  indexOf(key: string): number {
    const index = this.lowerBound(key);
    return index < this.length && this.compare(index, key) === 0 ? index : -1;
  }

  /** The first index whose string is not before `key`. */
  lowerBound(key: string): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.compare(mid, key) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  startsWith(index: number, prefix: string): boolean {
    const { text, offsets } = this.packed;
    return offsets[index + 1]! - offsets[index]! >= prefix.length && text.startsWith(prefix, offsets[index]!);
  }

  private compare(index: number, key: string): number {
    const { text, offsets } = this.packed;
    const start = offsets[index]!;
    const length = offsets[index + 1]! - start;
    const common = Math.min(length, key.length);
    for (let i = 0; i < common; i++) {
      const difference = text.charCodeAt(start + i) - key.charCodeAt(i);
      if (difference !== 0) return difference;
    }
    return length - key.length;
  }
}
