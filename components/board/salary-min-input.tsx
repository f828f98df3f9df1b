import { MAX_SALARY_FILTER } from '@/lib/jobs/schemas';

/**
 * The minimum yearly salary of a job search, as the board's search form and its alert form ask for
 * it: a whole number in the board's salary currency, with what it leaves out said beside it.
 */
export function SalaryMinInput({
  id,
  defaultValue,
  currency,
  labelClassName,
  invalid,
  describedBy,
}: {
  id: string;
  defaultValue: string;
  /** The board's salary currency (lib/jobs `boardSalaryCurrency`); null when no job publishes one. */
  currency: string | null;
  labelClassName: string;
  invalid?: boolean;
  /** Further ids describing the field (an error message). */
  describedBy?: string;
}) {
  const hint = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        Min. yearly salary{currency ? ` (${currency})` : ''}
      </label>
      <input
        id={id}
        name="salary_min"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_SALARY_FILTER}
        step={1}
        placeholder="Any"
        defaultValue={defaultValue}
        aria-invalid={invalid}
        aria-describedby={[hint, describedBy].filter(Boolean).join(' ')}
        className="board-input"
      />
      <p id={hint} className="mt-1 text-xs text-zinc-700">
        Hourly and monthly pay counted by the year. Jobs without a salary are left out.
      </p>
    </div>
  );
}
