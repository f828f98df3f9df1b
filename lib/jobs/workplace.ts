// Where a job's work is done. The spec's `is_remote` and `workplace_type` are one fact stored twice
// (is_remote ⇔ remote), so every write sets both from whichever the client sent.
import type { WorkplaceType } from './schemas';

export interface WorkplaceInput {
  is_remote?: boolean;
  workplace_type?: WorkplaceType;
}

/** Both sent and contradicting each other: the message of the refusal, else null. */
export function workplaceConflict({ is_remote, workplace_type }: WorkplaceInput): string | null {
  if (is_remote === undefined || workplace_type === undefined) return null;
  return is_remote === (workplace_type === 'remote')
    ? null
    : 'is_remote must be true exactly when workplace_type is remote';
}

/**
 * The columns a write sets, from what it sent and the job's current type (none for a new job):
 * `is_remote: false` takes a remote job on site and leaves a hybrid one hybrid.
 */
export function workplaceColumns(
  input: WorkplaceInput,
  current: WorkplaceType | undefined,
): { workplaceType: WorkplaceType; isRemote: boolean } | undefined {
  const type =
    input.workplace_type ??
    (input.is_remote === true
      ? 'remote'
      : input.is_remote === false && current !== 'hybrid'
        ? 'on_site'
        : current === undefined
          ? 'on_site'
          : undefined);
  return type && { workplaceType: type, isRemote: type === 'remote' };
}
