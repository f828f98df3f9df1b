import { describe, expect, it } from 'vitest';
import { bulkJobsMessage } from './bulk-message';

describe('bulkJobsMessage', () => {
  it('names what was done and, with each reason, what was not', () => {
    expect(
      bulkJobsMessage(
        {
          done: [
            { id: 'a', title: 'Designer' },
            { id: 'b', title: 'Writer' },
            { id: 'c', title: 'Editor' },
          ],
          refused: [{ id: 'd', title: 'Chef', reason: '“Chef” is not waiting for approval.' }],
        },
        'approve',
      ),
    ).toBe(
      'Approved 3 jobs: “Designer”, “Writer” and “Editor”. Not approved: “Chef” is not waiting for approval.',
    );
    expect(bulkJobsMessage({ done: [{ id: 'a', title: 'Designer' }], refused: [] }, 'delete')).toBe(
      'Deleted 1 job: “Designer”.',
    );
  });

  it('answers a refusal of the whole request, and a selection no longer listed', () => {
    expect(bulkJobsMessage({ error: 'Select at least one job.' }, 'expire')).toBe('Select at least one job.');
    expect(bulkJobsMessage({ done: [], refused: [] }, 'expire')).toBe(
      'None of the selected jobs are listed any more.',
    );
  });
});
