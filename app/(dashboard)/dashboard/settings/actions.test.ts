import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { getAnalyticsSettings } from '@/lib/analytics';
import { addMember, signUp } from '@/lib/auth/users';
import { boardBySlug } from '@/lib/board/resolve';
import { revalidatePath, nextRequest as session } from '@/test/fixtures/next-request';
import { setEmbedOriginsAction, updateAnalyticsSettingsAction } from './actions';

// The session comes from the shared request fixture (test/setup.ts); the membership, the permission
// check and the analytics service (the one the API's PUT uses) are real.

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

let orgId: number;
let orgSlug: string;

beforeEach(async () => {
  const { user, organization } = await signUp(await getDb(), {
    email: `analytics-settings-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Owner',
    password: 'correct horse battery staple',
    organizationName: 'Analytics Board',
  });
  orgId = organization.id;
  orgSlug = organization.slug;
  Object.assign(session, { userId: user.id, organizationId: organization.id });
});

describe('the analytics settings action', () => {
  it('saves the time zone and retention through the analytics service', async () => {
    expect(await getAnalyticsSettings(await getDb(), orgId)).toEqual({ timezone: 'UTC', retention_days: 90 });
    const answer = await updateAnalyticsSettingsAction(
      {},
      form({ timezone: 'Europe/Berlin', retention_days: ' 30 ' }),
    );
    expect(answer).toMatchObject({
      success: 'Saved. Charts read days in Europe/Berlin time; raw events are kept 30 days.',
      values: { timezone: 'Europe/Berlin', retention_days: '30' },
    });
    expect(await getAnalyticsSettings(await getDb(), orgId)).toEqual({
      timezone: 'Europe/Berlin',
      retention_days: 30,
    });
    expect(revalidatePath).toHaveBeenCalledWith('/dashboard');
  });

  it.each([
    [
      { timezone: 'Mars/Olympus_Mons', retention_days: '90' },
      { timezone: 'Choose a time zone from the list.' },
    ],
    [
      { timezone: 'UTC', retention_days: 'ninety' },
      { retention_days: 'Enter a whole number of days from 1 to 3,650.' },
    ],
    [
      { timezone: 'UTC', retention_days: '0' },
      { retention_days: 'Enter a whole number of days from 1 to 3,650.' },
    ],
    [
      { timezone: 'UTC', retention_days: '' },
      { retention_days: 'Enter a whole number of days from 1 to 3,650.' },
    ],
  ])(
    'refuses %o beside its field, keeping what was typed, and changes nothing',
    async (fields, fieldErrors) => {
      const answer = await updateAnalyticsSettingsAction({}, form(fields));
      expect(answer.fieldErrors).toEqual(fieldErrors);
      expect(answer.values).toMatchObject(fields);
      expect(answer.success).toBeUndefined();
      expect(await getAnalyticsSettings(await getDb(), orgId)).toEqual({
        timezone: 'UTC',
        retention_days: 90,
      });
    },
  );

  it('is refused to an editor', async () => {
    const db = await getDb();
    const other = await signUp(db, {
      email: `analytics-editor-${Date.now()}@example.com`,
      name: 'Editor',
      password: 'correct horse battery staple',
      organizationName: 'Editor’s Own Board',
    });
    await addMember(db, orgId, other.user.id, 'editor');
    Object.assign(session, { userId: other.user.id, organizationId: orgId });
    await expect(
      updateAnalyticsSettingsAction({}, form({ timezone: 'Asia/Tokyo', retention_days: '10' })),
    ).rejects.toThrow('This needs the owner or admin role; you are editor.');
    expect((await getAnalyticsSettings(db, orgId)).timezone).toBe('UTC');
  });
});

describe('the widget origins action', () => {
  const embedOrigins = async () => (await boardBySlug(await getDb(), orgSlug))!.embedOrigins;

  it('saves one origin a line, normalized, and says when no site may show the widget', async () => {
    const saved = await setEmbedOriginsAction(
      {},
      form({ origins: ' https://WWW.Example.com/ \n\nhttps://*.example.org\r\nhttps://www.example.com' }),
    );
    expect(saved).toMatchObject({
      success: 'Saved. Those sites can show the widget now.',
      values: { origins: 'https://www.example.com\nhttps://*.example.org' },
    });
    expect(await embedOrigins()).toEqual(['https://www.example.com', 'https://*.example.org']);
    expect(revalidatePath).toHaveBeenCalledWith('/dashboard/settings/widget');
    const cleared = await setEmbedOriginsAction({}, form({ origins: '  ' }));
    expect(cleared).toMatchObject({
      success: 'Saved. No site can show the widget now.',
      values: { origins: '' },
    });
    expect(await embedOrigins()).toEqual([]);
  });

  it('names the line it refuses, keeps what was typed and saves nothing', async () => {
    const typed = 'https://ok.example\nhttps://*.co.uk';
    const refused = await setEmbedOriginsAction({}, form({ origins: typed }));
    expect(refused.fieldErrors?.origins).toMatch(
      /^Line 2: 'https:\/\/\*\.co\.uk' is a wildcard over a whole domain ending/,
    );
    expect(refused.values?.origins).toBe(typed);
    expect(await embedOrigins()).toEqual([]);
  });
});
