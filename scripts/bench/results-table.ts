// One row per scenario, and the table that compares each with the framework floor.
import type { Kind, Target } from './scenarios';

export interface Row {
  name: string;
  kind: Kind;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors (timeouts included). */
  non2xx: number;
  errors: number;
  /** CPU other work used during the measurement, in percent of the machine. */
  otherCpu: number;
  p50TargetMs?: number;
  target?: Target;
}

const defaultReadTarget: Required<Target> = { share: 0.6, p99Ms: 100 };

function verdict(row: Row, floor: number): string {
  if (row.kind === 'read') {
    const share = row.target ? row.target.share : defaultReadTarget.share;
    const p99Ms = row.target ? row.target.p99Ms : defaultReadTarget.p99Ms;
    return (share === undefined || row.rps >= share * floor) && (p99Ms === undefined || row.p99 < p99Ms)
      ? 'yes'
      : 'no';
  }
  if (row.kind === 'latency') return row.p50 < (row.p50TargetMs ?? 10) ? 'yes' : 'no';
  return 'n/a';
}

/** The framework floor is measured first and last; the faster of the two is the reference. */
export const floorOf = (rows: Row[]) =>
  Math.max(0, ...rows.filter((row) => row.kind === 'floor').map((row) => row.rps));

export function printTable(rows: Row[]): void {
  const floor = floorOf(rows);
  const ratio = (row: Row) =>
    row.kind === 'read' || row.kind === 'floor' ? `${((row.rps / floor) * 100).toFixed(0)}%` : '';
  const target = (row: Row) => {
    if (row.kind !== 'read') return '';
    const { share, p99Ms } = row.target ?? defaultReadTarget;
    return [share === undefined ? '' : `≥${share * 100}%`, p99Ms === undefined ? '' : `<${p99Ms}`]
      .filter(Boolean)
      .join(', ');
  };
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs floor',
    'target',
    'target met',
    'non-2xx/errors',
    'other CPU',
  ];
  const cells = rows.map((row) => [
    row.name,
    row.rps.toFixed(0),
    row.p50.toFixed(0),
    row.p99.toFixed(0),
    floor ? ratio(row) : 'n/a',
    target(row),
    verdict(row, floor),
    `${row.non2xx}/${row.errors}`,
    `${row.otherCpu.toFixed(0)}%`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, i) => (i === 0 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const values of cells) console.log(line(values));
}
