'use client';

import { Loader2, MapPin, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { LocationCandidateOut } from '@/lib/geo/schemas';
import { locationTypeLabels } from '../locations/labels';
import { pickLocationAction, suggestLocationsAction } from './actions';

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

interface Picked {
  id: string;
  label: string;
}

/**
 * The job's location: free text, with suggestions of places as the owner types. Picking one puts
 * it on the board and links the job to it (`location_id`); typing on afterwards unlinks it, so the
 * text and the linked place never disagree.
 */
export function LocationPicker({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const listId = useId();
  const [text, setText] = useState(values.location ?? '');
  const [picked, setPicked] = useState<Picked | null>(
    values.location_id
      ? { id: values.location_id, label: values.location_label || values.location || '' }
      : null,
  );
  const [candidates, setCandidates] = useState<LocationCandidateOut[]>([]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const [picking, startPicking] = useTransition();
  // Answers can arrive out of order: only the latest request's counts.
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  function suggest(value: string) {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    const request = ++latest.current;
    if (trimmed.length < MIN_CHARS) {
      setCandidates([]);
      setOpen(false);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(async () => {
      // A failed lookup leaves the field a plain text input.
      const answer = await suggestLocationsAction(trimmed).catch(() => []);
      if (request !== latest.current) return;
      setLoading(false);
      setQuery(trimmed);
      setCandidates(answer);
      setActive(-1);
      // The owner may have moved on to the next field meanwhile.
      setOpen(document.activeElement === input.current);
    }, DEBOUNCE_MS);
  }

  function pick(index: number) {
    const candidate = candidates[index];
    if (!candidate) return;
    setOpen(false);
    setActive(-1);
    setPickError(null);
    startPicking(async () => {
      const result = await pickLocationAction({
        id: candidate.id,
        query,
        display_name: candidate.display_name,
        country_code: candidate.country_code,
        first: index === 0,
      });
      if ('error' in result) {
        setPickError(result.error);
        return;
      }
      setPicked({ id: result.id, label: result.display_name });
      // An address stays as typed (the listing shows it; the place is its city).
      setText(candidate.full_address ? query : result.display_name);
    });
  }

  // ↑/↓ cycle through the candidates and n, one past the last, where none is highlighted.
  const highlighted = active >= 0 && active < candidates.length ? active : -1;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (candidates.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : candidates.length - 1);
        return;
      }
      setActive((current) => (current + step + candidates.length + 1) % (candidates.length + 1));
    } else if (event.key === 'Enter' && open && highlighted >= 0) {
      // Enter picks the highlighted place instead of submitting the form.
      event.preventDefault();
      pick(highlighted);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const error = errors.location ?? errors.location_id;
  const showList = open && query.length >= MIN_CHARS;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Field
      id="location"
      label="Location"
      error={error ?? pickError ?? undefined}
      hint={picked ? undefined : 'Type a city, region, country, address or "Remote", then pick a suggestion.'}
    >
      <div className="relative">
        <Input
          ref={input}
          id="location"
          name="location"
          value={text}
          placeholder="e.g. Berlin, Germany"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && highlighted >= 0 ? optionId(highlighted) : undefined}
          aria-invalid={!!error}
          aria-describedby={error || pickError ? 'location-error' : undefined}
          className="pr-8"
          onChange={(event) => {
            setText(event.target.value);
            setPicked(null);
            setPickError(null);
            suggest(event.target.value);
          }}
          onFocus={() => {
            if (!picked && candidates.length > 0 && text.trim() === query) {
              setActive(-1);
              setOpen(true);
            }
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {loading || picking ? (
          <Loader2
            aria-hidden
            className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          />
        ) : null}
        {showList ? (
          <div
            id={listId}
            role="listbox"
            aria-label="Suggested places"
            className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-md border border-border bg-white py-1 shadow-lg"
          >
            {candidates.length === 0 ? (
              <p className="px-3 py-2 text-sm text-muted-foreground">
                No place found. The text is saved as typed.
              </p>
            ) : (
              candidates.map((candidate, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input takes the keys (aria-activedescendant).
                <div
                  key={`${candidate.id}|${candidate.display_name}|${candidate.full_address}`}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === highlighted}
                  className={cn(
                    'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                    index === highlighted ? 'bg-muted' : 'hover:bg-muted/60',
                  )}
                  // Keeps the focus in the input, so its blur does not close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(index)}
                >
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="truncate font-medium">{candidate.display_name}</span>
                    {candidate.full_address ? (
                      <span className="truncate text-xs text-muted-foreground">{candidate.full_address}</span>
                    ) : null}
                  </span>
                  <span className="flex shrink-0 gap-1">
                    {candidate.id ? <Badge variant="success">on your board</Badge> : null}
                    <Badge variant="muted">{locationTypeLabels[candidate.location_type]}</Badge>
                  </span>
                </div>
              ))
            )}
          </div>
        ) : null}
      </div>
      <input type="hidden" name="location_id" value={picked?.id ?? ''} />
      <input type="hidden" name="location_label" value={picked?.label ?? ''} />
      {picked ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <MapPin aria-hidden className="size-3.5 text-success" />
          <span>
            Linked to <span className="font-medium text-foreground">{picked.label}</span>
          </span>
          <button
            type="button"
            className="ml-1 inline-flex items-center gap-0.5 rounded px-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label="Clear the linked place"
            onClick={() => setPicked(null)}
          >
            <X aria-hidden className="size-3" /> Clear
          </button>
        </p>
      ) : null}
    </Field>
  );
}
