import type { JobAlert } from '@/db/schema';
import { describeSearch, frequencyWords, searchOf } from '@/lib/alerts';
import type { AlertFrequency } from '@/lib/alerts/schemas';

/** A visitor's alerts, each with what it follows, how often, and an Unsubscribe button. */
export function AlertList({
  alerts,
  unsubscribe,
  hidden = {},
  className,
}: {
  alerts: JobAlert[];
  unsubscribe: (form: FormData) => Promise<void>;
  /** Sent with each button besides the alert's id (the manage page's token). */
  hidden?: Record<string, string>;
  className?: string;
}) {
  return (
    <ul className={className}>
      {alerts.map((alert) => {
        const description = describeSearch(searchOf(alert));
        return (
          <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-medium first-letter:uppercase">{description}</p>
              <p className="text-sm text-zinc-700">
                {frequencyWords[alert.frequency as AlertFrequency]}
                {alert.status === 'pending' && ' · waiting for confirmation'}
              </p>
            </div>
            <form action={unsubscribe}>
              {Object.entries(hidden).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="alert" value={alert.id} />
              <button
                type="submit"
                className="board-button-outline"
                aria-label={`Unsubscribe from ${description}`}
              >
                Unsubscribe
              </button>
            </form>
          </li>
        );
      })}
    </ul>
  );
}
