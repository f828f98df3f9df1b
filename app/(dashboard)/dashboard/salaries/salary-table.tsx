import { Table, TableHead } from '@/components/ui/table';
import type { SalaryStats } from '@/lib/salaries/schemas';
import { moneyFormatter } from './format';

type Row = SalaryStats['by_job_type'][number];

// Line the first and last columns up with the card's title.
const edgePadding =
  '[&_td:first-child]:pl-6 [&_td:last-child]:pr-6 [&_th:first-child]:pl-6 [&_th:last-child]:pr-6';

export function SalaryTable({
  rows,
  heading,
  label = (value) => value,
  currency,
  testId,
}: {
  rows: Row[];
  heading: string;
  label?: (value: string) => string;
  currency: string | null;
  testId: string;
}) {
  const money = moneyFormatter(currency);
  if (rows.length === 0)
    return (
      <p className="px-6 pb-6 text-sm text-muted-foreground">
        No {heading.toLowerCase()} has 3 or more salaried jobs yet.
      </p>
    );
  return (
    <Table label={`Salaries by ${heading.toLowerCase()}`} className={edgePadding} testId={testId}>
      <TableHead rule="both">
        <th className="px-4 py-3 font-medium">{heading}</th>
        <th className="px-4 py-3 text-right font-medium">Jobs</th>
        <th className="px-4 py-3 text-right font-medium">Median</th>
        <th className="px-4 py-3 text-right font-medium">Middle half</th>
        <th className="px-4 py-3 text-right font-medium">Average</th>
        <th className="px-4 py-3 text-right font-medium">Lowest – highest</th>
      </TableHead>
      <tbody className="tabular-nums">
        {rows.map((row) => (
          <tr key={row.value} className="border-b border-border last:border-0">
            <td className="px-4 py-3 font-medium">{label(row.value)}</td>
            <td className="px-4 py-3 text-right">{row.count}</td>
            <td className="px-4 py-3 text-right font-medium">{money.full(row.median)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right text-muted-foreground">
              {money.short(row.p25)} – {money.short(row.p75)}
            </td>
            <td className="px-4 py-3 text-right text-muted-foreground">{money.full(row.avg)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right text-muted-foreground">
              {money.short(row.min)} – {money.short(row.max)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
