import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { locationSummary, previewLocations } from '@/lib/geo/service';
import type { JobOut } from '@/lib/jobs/schemas';
import { createTenant } from '@/test/factories';
import { formValuesFromJob, jobBodyFromForm } from './job-form-values';
import { commitPick } from './location-pick';

async function suggestions(orgId: number, query: string) {
  return (await previewLocations(await getDb(), orgId, { query, limit: 6 })).candidates;
}

describe('commitPick', () => {
  it('puts exactly the picked suggestion on the board, whichever was picked', async () => {
    const { organization } = await createTenant();
    const candidates = await suggestions(organization.id, 'Springfield');
    expect(candidates.length).toBeGreaterThan(2);
    for (const [index, candidate] of candidates.entries()) {
      // A fresh board each time: the service's commit prefers a namesake already on the board.
      const { organization: board } = await createTenant();
      const picked = await commitPick(await getDb(), board.id, {
        id: null,
        query: 'Springfield',
        display_name: candidate.display_name,
        country_code: candidate.country_code,
        first: index === 0,
      });
      expect(picked).toEqual({ id: expect.any(String), display_name: candidate.display_name });
    }
  });

  it('commits an address as its city, and answers a place on the board by its id', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const [city] = await suggestions(organization.id, 'Austin, TX');
    const picked = await commitPick(db, organization.id, {
      id: null,
      query: 'Austin, TX',
      display_name: city!.display_name,
      country_code: city!.country_code,
      first: true,
    });
    expect(picked).toMatchObject({ display_name: 'Austin, Texas, United States' });
    const [onBoard] = await suggestions(organization.id, 'Austin');
    expect(onBoard).toMatchObject({ id: (picked as { id: string }).id, source: 'existing' });
  });

  it('refuses a pick whose name resolves to another place', async () => {
    const { organization } = await createTenant();
    const picked = await commitPick(await getDb(), organization.id, {
      id: null,
      query: 'Austin',
      display_name: 'Atlantis, Nowhere',
      country_code: null,
      first: false,
    });
    expect(picked).toEqual({ error: expect.stringContaining('Atlantis, Nowhere') });
  });
});

describe('the job form and location_id', () => {
  it('sends the picked place, and null to clear it on update', () => {
    const id = '0b6f3c8e-8f0a-4c55-9d8e-2f3b1c4d5e6f';
    expect(jobBodyFromForm({ location: 'Austin', location_id: id }, 'create')).toMatchObject({
      location: 'Austin',
      location_id: id,
    });
    expect(jobBodyFromForm({ location: 'Austin', location_id: '' }, 'update')).toMatchObject({
      location_id: null,
    });
  });

  it('fills the picker from a job', () => {
    // Only the fields the form reads matter here.
    const job = { location: 'Austin, TX', categories: [], category_id: null, expires_at: null } as const;
    const at = (location_id: string | null) =>
      formValuesFromJob({ ...job, location_id } as unknown as JobOut);
    expect(at('x')).toMatchObject({ location: 'Austin, TX', location_id: 'x', location_label: 'Austin, TX' });
    expect(at(null)).toMatchObject({ location: 'Austin, TX', location_id: '', location_label: '' });
    // A job linked through the API may have no text of its own: the place's name fills the chip.
    expect(
      formValuesFromJob(
        { ...job, location: null, location_id: 'x' } as unknown as JobOut,
        'Austin, Texas, US',
      ),
    ).toMatchObject({ location: '', location_label: 'Austin, Texas, US' });
  });

  it('names a linked place by its display name, and nothing for another board’s place', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const [candidate] = await suggestions(organization.id, 'Springfield');
    const picked = await commitPick(db, organization.id, {
      id: null,
      query: 'Springfield',
      display_name: candidate!.display_name,
      country_code: candidate!.country_code,
      first: true,
    });
    if (!('id' in picked)) throw new Error(picked.error);
    expect((await locationSummary(db, organization.id, picked.id))?.displayName).toBe(
      candidate!.display_name,
    );
    const { organization: other } = await createTenant();
    expect(await locationSummary(db, other.id, picked.id)).toBeNull();
  });
});
