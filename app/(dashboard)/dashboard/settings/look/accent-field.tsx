'use client';

import { describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { contrastWithWhite, DEFAULT_ACCENT, explainAccent } from '@/lib/organizations/look';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The accent as `#rrggbb` text and as the browser's colour picker, kept in sync, with a sample of
 * what the board really paints (the same `explainAccent` the board's look resolves through) and, when
 * the colour had to be darkened, the sentence that says to which and why.
 */
export function AccentField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}) {
  const { accent, adjustment } = explainAccent(value);
  const hint = 'As #RRGGBB, for buttons and links. Left empty, the board uses its default blue.';
  const typed = value.trim();
  const verdict = adjustment
    ? adjustment
    : HEX.test(typed)
      ? `Used as chosen: white text on it has contrast ${contrastWithWhite(accent).toFixed(1)}:1 (WCAG AA needs 4.5:1).`
      : typed
        ? 'Not a colour yet: type six hex digits after #, or use the picker.'
        : `No colour chosen: the board uses ${DEFAULT_ACCENT}.`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="accent_color">Accent colour</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id="accent_color"
          name="accent_color"
          placeholder={DEFAULT_ACCENT}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-invalid={!!error || undefined}
          aria-describedby={`${describedBy('accent_color', { error, hint })} accent-verdict`}
          className="w-36 font-mono"
          spellCheck={false}
          autoComplete="off"
        />
        <input
          type="color"
          aria-label="Pick the accent colour"
          value={HEX.test(typed) ? typed.toLowerCase() : accent}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          className="h-10 w-14 cursor-pointer rounded-md border border-zinc-400 bg-white p-1"
        />
        <span
          aria-hidden="true"
          className="inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold text-white"
          style={{ backgroundColor: accent }}
        >
          Button
        </span>
        <span aria-hidden="true" className="text-sm font-medium underline" style={{ color: accent }}>
          A link
        </span>
      </div>
      {error ? (
        <p id="accent_color-error" className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p id="accent_color-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <p
        id="accent-verdict"
        aria-live="polite"
        data-testid="accent-verdict"
        className={
          adjustment
            ? 'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950'
            : 'text-sm text-muted-foreground'
        }
      >
        {verdict}
      </p>
    </div>
  );
}
