'use client';

import { FileText, MessageSquare, Star } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { Select } from '@/components/ui/select';
import { Table, TableHead } from '@/components/ui/table';
import { type ApplicationStatus, applicationStatuses } from '@/lib/applications/schemas';
import { listText } from '@/lib/core/format';
import {
  type BulkMessage,
  BulkStatus,
  SelectAllBox,
  SelectRowBox,
  useSelection,
} from '../../../_components/bulk-selection';
import {
  type BulkResult,
  moveApplicationAction,
  moveApplicationsAction,
} from '../../../applications/actions';
import { RatingCell } from '../../../applications/review-parts';
import { ApplicationStatusBadge, applicationStatusLabels } from '../../status-badges';

export interface PipelineCardData {
  id: string;
  name: string;
  email: string;
  status: ApplicationStatus;
  appliedAt: string;
  rating: number | null;
  hasResume: boolean;
  notes: number;
  /** Where this card may move (allowedApplicationMoves), worked out on the server. */
  moves: ApplicationStatus[];
}

/** The pipeline's columns, left to right; rejected last, beside the end of the road. */
const columns: ApplicationStatus[] = ['pending', 'reviewed', 'shortlisted', 'hired', 'rejected'];

const label = (status: ApplicationStatus) => applicationStatusLabels[status].toLowerCase();

/** What a bulk move did, in one sentence or two, for the live region. */
export function bulkMessage(result: BulkResult, status: ApplicationStatus): string {
  if (result.error) return result.error;
  const moved = result.moved ?? [];
  const refused = result.refused ?? [];
  const parts = [];
  if (moved.length)
    parts.push(
      `Moved ${moved.length} applicant${moved.length === 1 ? '' : 's'} to ${label(status)}: ${listText(moved.map((row) => row.name))}.`,
    );
  if (refused.length)
    parts.push(
      `Not moved: ${refused.map((row) => `${row.name} (${row.reason.replace(/\.$/, '')})`).join('; ')}.`,
    );
  return parts.join(' ') || 'Nothing to move.';
}

/**
 * A job's applicants in one column per status. Every card moves by its own labelled select and
 * button (no dragging needed); after a move focus follows the card to its new column and the live
 * region says what happened. Cards can be selected, by column too, and moved or rejected together.
 */
export function Pipeline({
  cards,
  view = 'pipeline',
}: {
  cards: PipelineCardData[];
  view?: 'pipeline' | 'list';
}) {
  const { selected, setSelected, check: toggle } = useSelection();
  const [message, setMessage] = useState<BulkMessage>();
  const [follow, setFollow] = useState<{ id: string; status: ApplicationStatus }>();
  const [bulkStatus, setBulkStatus] = useState<ApplicationStatus>('reviewed');
  const [pending, startTransition] = useTransition();
  const status = useRef<HTMLDivElement>(null);

  // A moved card remounts in its new column once the page's data arrives: focus it there.
  useEffect(() => {
    if (!follow) return;
    const card = cards.find((candidate) => candidate.id === follow.id);
    if (card?.status !== follow.status) return;
    document.getElementById(`applicant-${follow.id}`)?.focus();
    setFollow(undefined);
  }, [cards, follow]);

  // Selections of applicants no longer listed are dropped.
  const present = new Set(cards.map((card) => card.id));
  const chosen = [...selected].filter((id) => present.has(id));

  const move = (card: PipelineCardData, to: ApplicationStatus) =>
    startTransition(async () => {
      const result = await moveApplicationAction(card.id, to);
      if (result.error) {
        setMessage({ text: `${card.name} was not moved: ${result.error}`, error: true });
        status.current?.focus();
        return;
      }
      setMessage({ text: `Moved ${card.name} to ${label(to)}.` });
      setFollow({ id: card.id, status: to });
    });

  const moveSelected = (to: ApplicationStatus) =>
    startTransition(async () => {
      const result = await moveApplicationsAction(chosen, to);
      setMessage({ text: bulkMessage(result, to), error: !!result.error || !!result.refused?.length });
      if (!result.error) setSelected(new Set(result.refused?.map((row) => row.id)));
      status.current?.focus();
    });

  return (
    <div className="grid gap-4">
      <BulkStatus
        ref={status}
        message={message}
        testId="pipeline-status"
        className="rounded-md border px-3 py-2"
      />

      <fieldset
        className="flex flex-wrap items-end gap-2 rounded-lg border border-border bg-white px-4 py-3 shadow-sm"
        aria-describedby="bulk-count"
      >
        <legend className="sr-only">Selected applicants</legend>
        <p id="bulk-count" className="mr-auto self-center text-sm" data-testid="bulk-count">
          {chosen.length === 0 ? 'Select applicants to move several at once.' : `${chosen.length} selected`}
        </p>
        <div className="grid gap-1">
          <label htmlFor="bulk-status" className="text-xs font-medium">
            Move selected to
          </label>
          <Select
            id="bulk-status"
            value={bulkStatus}
            onChange={(event) => setBulkStatus(event.target.value as ApplicationStatus)}
            className="h-8 w-36"
          >
            {applicationStatuses
              .filter((candidate) => candidate !== 'pending')
              .map((candidate) => (
                <option key={candidate} value={candidate}>
                  {applicationStatusLabels[candidate]}
                </option>
              ))}
          </Select>
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={pending || chosen.length === 0}
          onClick={() => moveSelected(bulkStatus)}
        >
          Move selected
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="text-destructive"
          disabled={pending || chosen.length === 0}
          onClick={() => moveSelected('rejected')}
        >
          Reject selected
        </Button>
      </fieldset>

      {view === 'list' ? (
        <ApplicantTable cards={cards} selected={selected} onCheck={toggle} onMove={move} busy={pending} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" data-testid="pipeline">
          {columns.map((column) => {
            const inColumn = cards.filter((card) => card.status === column);
            const ids = inColumn.map((card) => card.id);
            const allChosen = ids.length > 0 && ids.every((id) => selected.has(id));
            return (
              <section
                key={column}
                aria-labelledby={`column-${column}`}
                className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-muted/60 p-3"
                data-testid={`column-${column}`}
              >
                <div className="grid gap-1.5">
                  <h2 id={`column-${column}`} className="text-sm font-semibold">
                    {applicationStatusLabels[column]}{' '}
                    <span className="font-normal text-muted-foreground" data-testid="column-count">
                      ({inColumn.length})
                    </span>
                  </h2>
                  {inColumn.length > 0 ? (
                    <label className="flex items-center gap-1.5 text-xs">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={allChosen}
                        onChange={(event) => toggle(ids, event.target.checked)}
                      />
                      <span>
                        Select all
                        <span className="sr-only"> {applicationStatusLabels[column].toLowerCase()}</span>
                      </span>
                    </label>
                  ) : null}
                </div>
                {inColumn.length === 0 ? (
                  <p className="text-xs text-muted-foreground">No one here.</p>
                ) : (
                  <ul className="grid gap-2">
                    {inColumn.map((card) => (
                      <li key={card.id}>
                        <ApplicantCard
                          card={card}
                          checked={selected.has(card.id)}
                          onCheck={(on) => toggle([card.id], on)}
                          onMove={(to) => move(card, to)}
                          busy={pending}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** Every applicant in one table, newest first, with the same selection and moves as the pipeline. */
function ApplicantTable({
  cards,
  selected,
  onCheck,
  onMove,
  busy,
}: {
  cards: PipelineCardData[];
  selected: Set<string>;
  onCheck: (ids: readonly string[], on: boolean) => void;
  onMove: (card: PipelineCardData, to: ApplicationStatus) => void;
  busy: boolean;
}) {
  const ids = cards.map((card) => card.id);
  if (cards.length === 0) return <p className="text-sm text-muted-foreground">No applicants yet.</p>;
  return (
    // min-w-0: as a grid item it would otherwise grow to the table's width; the table scrolls instead.
    <div className="min-w-0 overflow-hidden rounded-lg border border-border bg-white shadow-sm">
      <Table label="Applicants" className="min-w-[44rem]" testId="applicant-table">
        <TableHead>
          <th className="w-10 px-4 py-3">
            <SelectAllBox label="Select all applicants" ids={ids} selected={selected} onCheck={onCheck} />
          </th>
          <th className="px-4 py-3 font-medium">Applicant</th>
          <th className="px-4 py-3 font-medium">Status</th>
          <th className="px-4 py-3 font-medium">Rating</th>
          <th className="px-4 py-3 font-medium">Applied</th>
          <th className="px-4 py-3 font-medium">Move to</th>
        </TableHead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.id} className="border-b border-border last:border-0" data-testid="applicant-row">
              <td className="px-4 py-3">
                <SelectRowBox
                  id={card.id}
                  name={card.name}
                  checked={selected.has(card.id)}
                  onCheck={(on) => onCheck([card.id], on)}
                />
              </td>
              <td className="px-4 py-3">
                <Link
                  id={`applicant-${card.id}`}
                  href={`/dashboard/applications/${card.id}`}
                  className="font-medium text-link"
                >
                  {card.name}
                </Link>
                <div className="text-xs text-muted-foreground">{card.email}</div>
              </td>
              <td className="px-4 py-3">
                <ApplicationStatusBadge status={card.status} />
              </td>
              <RatingCell rating={card.rating} />
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                <DateText value={card.appliedAt} />
              </td>
              <td className="px-4 py-3">
                <MoveControl card={card} onMove={(to) => onMove(card, to)} busy={busy} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** A card's or a row's move: the statuses it may move to, and a button that says whose and where. */
function MoveControl({
  card,
  onMove,
  busy,
}: {
  card: PipelineCardData;
  onMove: (to: ApplicationStatus) => void;
  busy: boolean;
}) {
  const [to, setTo] = useState<ApplicationStatus | undefined>(card.moves[0]);
  const target = to && card.moves.includes(to) ? to : card.moves[0];
  if (!target) return <p className="text-xs text-muted-foreground">Final</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label={`New status for ${card.name}`}
        value={target}
        onChange={(event) => setTo(event.target.value as ApplicationStatus)}
        className="h-8 min-w-0 flex-1 basis-28"
      >
        {card.moves.map((move) => (
          <option key={move} value={move}>
            {applicationStatusLabels[move]}
          </option>
        ))}
      </Select>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Move ${card.name} to ${label(target)}`}
        onClick={() => onMove(target)}
      >
        Move
      </Button>
    </div>
  );
}

function ApplicantCard({
  card,
  checked,
  onCheck,
  onMove,
  busy,
}: {
  card: PipelineCardData;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onMove: (to: ApplicationStatus) => void;
  busy: boolean;
}) {
  return (
    <article
      className="grid gap-2 rounded-md border border-border bg-white p-3 text-sm shadow-sm"
      aria-labelledby={`applicant-${card.id}`}
      data-testid="applicant-card"
    >
      <div className="flex items-start gap-2">
        <SelectRowBox
          id={card.id}
          name={card.name}
          checked={checked}
          onCheck={onCheck}
          className="mt-0.5 shrink-0"
        />
        <div className="grid min-w-0 gap-0.5">
          <Link
            id={`applicant-${card.id}`}
            href={`/dashboard/applications/${card.id}`}
            className="font-medium break-words text-link"
          >
            {card.name}
          </Link>
          <span className="truncate text-xs text-muted-foreground">{card.email}</span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <DateText value={card.appliedAt} />
        {card.rating ? (
          <span className="inline-flex items-center gap-0.5">
            <Star aria-hidden className="size-3 fill-current text-amber-600" />
            <span className="sr-only">Rated </span>
            {card.rating}
            <span className="sr-only"> of 5</span>
          </span>
        ) : null}
        {card.notes ? (
          <span className="inline-flex items-center gap-0.5">
            <MessageSquare aria-hidden className="size-3" />
            {card.notes}
            <span className="sr-only"> note{card.notes === 1 ? '' : 's'}</span>
          </span>
        ) : null}
        {card.hasResume ? (
          <span className="inline-flex items-center gap-0.5">
            <FileText aria-hidden className="size-3" />
            Résumé
          </span>
        ) : null}
      </div>
      <MoveControl card={card} onMove={onMove} busy={busy} />
    </article>
  );
}
