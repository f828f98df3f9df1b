import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { addMember, signUp } from '@/lib/auth/users';
import { AppError } from '@/lib/core/errors';
import { nextRequest as request, revalidatePath } from '@/test/fixtures/next-request';
import { checkedBody, dashboardAction, dashboardRowAction, rowId, textFields } from './dashboard-action';

// The session and the request's cookies come from the shared request fixture (test/setup.ts); the
// membership lookup and the permission check below them are real.

const handler = vi.fn();
const renameAction = dashboardAction(
  'categories.manage',
  z.object({
    name: z.string().trim().min(1, { error: 'Give it a name.' }),
    note: z.string(),
  }),
  handler,
  {
    revalidate: ({ name }) => ['/dashboard/categories', [`/dashboard/things/${name}`, 'layout']],
    errors: { codeFields: { conflict: 'name' } },
  },
);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

let owner: { userId: string; organizationId: number };
let editor: { userId: string; organizationId: number };

beforeAll(async () => {
  const db = await getDb();
  const stamp = Date.now();
  const first = await signUp(db, {
    email: `kit-owner-${stamp}@example.com`,
    name: 'Owner',
    password: 'correct horse battery staple',
    organizationName: 'Kit Board',
  });
  owner = { userId: first.user.id, organizationId: first.organization.id };
  // Owner of a board of their own, editor on the first one, working there.
  const second = await signUp(db, {
    email: `kit-editor-${stamp}@example.com`,
    name: 'Editor',
    password: 'correct horse battery staple',
    organizationName: 'Editor’s Board',
  });
  await addMember(db, owner.organizationId, second.user.id, 'editor');
  editor = { userId: second.user.id, organizationId: owner.organizationId };
});

beforeEach(() => {
  handler.mockReset();
  revalidatePath.mockReset();
});

describe('dashboardAction', () => {
  it('sends a visitor without a session to sign in, before reading the form', async () => {
    Object.assign(request, { userId: '', organizationId: 0 });
    await expect(renameAction({}, form({ name: 'Remote', note: '' }))).rejects.toMatchObject({
      digest: expect.stringContaining('/sign-in'),
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a member whose role lacks the permission', async () => {
    Object.assign(request, editor);
    await expect(renameAction({}, form({ name: 'Remote', note: '' }))).rejects.toThrow(
      'This needs the owner or admin role; you are editor.',
    );
    expect(handler).not.toHaveBeenCalled();
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('answers invalid input with field errors and the values sent, as storable text', async () => {
    Object.assign(request, owner);
    const state = await renameAction({ submission: 2 }, form({ name: '  ', note: 'kept\u0000 as typed' }));
    expect(state).toEqual({
      fieldErrors: { name: 'Give it a name.' },
      values: { name: '  ', note: 'kept as typed' },
      submission: 3,
    });
    expect(handler).not.toHaveBeenCalled();
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('runs the handler in the active organization, then revalidates what it names', async () => {
    Object.assign(request, owner);
    handler.mockResolvedValue({ success: 'Renamed.' });
    const state = await renameAction({}, form({ name: ' Remote ', note: 'n' }));
    expect(state).toEqual({ success: 'Renamed.', submission: 1 });
    expect(handler).toHaveBeenCalledWith(
      { name: 'Remote', note: 'n' },
      expect.objectContaining({
        userId: owner.userId,
        role: 'owner',
        organization: expect.objectContaining({ id: owner.organizationId }),
        values: { name: ' Remote ', note: 'n' },
      }),
    );
    expect(revalidatePath.mock.calls).toEqual([
      ['/dashboard/categories'],
      ['/dashboard/things/Remote', 'layout'],
    ]);
  });

  it('shows a refusal of the handler on its field, keeps the values and revalidates nothing', async () => {
    Object.assign(request, owner);
    handler.mockRejectedValue(new AppError('conflict', 'That name is taken.'));
    const state = await renameAction({}, form({ name: 'Remote', note: 'n' }));
    expect(state).toEqual({
      fieldErrors: { name: 'That name is taken.' },
      values: { name: 'Remote', note: 'n' },
      submission: 1,
    });
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('lets an error that is not a refusal through (Next shows its error page)', async () => {
    Object.assign(request, owner);
    handler.mockRejectedValue(new Error('disk on fire'));
    await expect(renameAction({}, form({ name: 'Remote', note: '' }))).rejects.toThrow('disk on fire');
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refills only the fields named in `refill`: a secret typed in the form never travels back', async () => {
    Object.assign(request, owner);
    const secretAction = dashboardAction(
      'categories.manage',
      z.object({ name: z.string().min(1, { error: 'Name it.' }), value: z.string() }),
      async () => ({}),
      { refill: ['name'] },
    );
    const state = await secretAction({}, form({ name: '', value: 'hunter2' }));
    expect(state).toEqual({ fieldErrors: { name: 'Name it.' }, values: { name: '' }, submission: 1 });
  });

  it('goes to `redirect` after revalidating, when it is given', async () => {
    Object.assign(request, owner);
    const createAction = dashboardAction(
      'categories.manage',
      z.object({ name: z.string() }),
      async () => ({}),
      { revalidate: ['/dashboard/categories'], redirect: '/dashboard/categories' },
    );
    await expect(createAction({}, form({ name: 'Remote' }))).rejects.toMatchObject({
      digest: expect.stringContaining('/dashboard/categories'),
    });
    expect(revalidatePath).toHaveBeenCalledWith('/dashboard/categories');
  });

  it('refuses a schema that does not name the form’s fields when the action is defined', () => {
    expect(() => dashboardAction('categories.manage', z.string(), async () => ({}))).toThrow(
      'dashboardAction reads a form through an object schema',
    );
  });
});

describe('dashboardRowAction', () => {
  const rowHandler = vi.fn();
  const archiveAction = dashboardRowAction(
    'categories.manage',
    z.tuple([rowId('Unknown category.'), z.boolean()]),
    rowHandler,
    {
      revalidate: ([id]) => ['/dashboard/categories', [`/dashboard/categories/${id}`, 'layout']],
      redirect: ([, leave]) => (leave ? '/dashboard/categories' : undefined),
    },
  );
  const id = '0190a5e4-0000-7000-8000-000000000000';

  beforeEach(() => {
    rowHandler.mockReset();
  });

  it('checks the session and the permission before the arguments', async () => {
    Object.assign(request, { userId: '', organizationId: 0 });
    await expect(archiveAction('not an id', false)).rejects.toMatchObject({
      digest: expect.stringContaining('/sign-in'),
    });
    Object.assign(request, editor);
    await expect(archiveAction(id, false)).rejects.toThrow('This needs the owner or admin role');
    expect(rowHandler).not.toHaveBeenCalled();
  });

  it('answers an id that is not one in words, without running or revalidating anything', async () => {
    Object.assign(request, owner);
    expect(await archiveAction('1 OR 1=1', false)).toEqual({ error: 'Unknown category.' });
    expect(rowHandler).not.toHaveBeenCalled();
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('runs the handler with the parsed arguments, then revalidates and redirects', async () => {
    Object.assign(request, owner);
    rowHandler.mockResolvedValue({});
    expect(await archiveAction(id, false)).toEqual({});
    expect(rowHandler).toHaveBeenCalledWith(
      [id, false],
      expect.objectContaining({ organization: expect.objectContaining({ id: owner.organizationId }) }),
    );
    expect(revalidatePath.mock.calls).toEqual([
      ['/dashboard/categories'],
      [`/dashboard/categories/${id}`, 'layout'],
    ]);
    await expect(archiveAction(id, true)).rejects.toMatchObject({
      digest: expect.stringContaining('/dashboard/categories'),
    });
  });

  it('answers a refusal as one message; revalidates after it only when asked to', async () => {
    Object.assign(request, owner);
    rowHandler.mockRejectedValue(new AppError('conflict', 'Already archived.'));
    expect(await archiveAction(id, false)).toEqual({ error: 'Already archived.' });
    expect(revalidatePath).not.toHaveBeenCalled();

    const refreshing = dashboardRowAction('categories.manage', z.tuple([rowId('Unknown.')]), rowHandler, {
      revalidate: ['/dashboard/categories'],
      revalidateRefused: true,
      refused: ({ error }, cause) => ({ ok: false, error, code: (cause as AppError).code }),
    });
    expect(await refreshing(id)).toEqual({ ok: false, error: 'Already archived.', code: 'conflict' });
    expect(revalidatePath).toHaveBeenCalledWith('/dashboard/categories');
  });

  it('lets an error that is not a refusal through', async () => {
    Object.assign(request, owner);
    rowHandler.mockRejectedValue(new Error('disk on fire'));
    await expect(archiveAction(id, false)).rejects.toThrow('disk on fire');
    expect(revalidatePath).not.toHaveBeenCalled();
  });
});

describe('checkedBody and list fields', () => {
  const listAction = dashboardAction(
    'categories.manage',
    checkedBody(
      textFields(['name'], ['tags']),
      ({ name, tags }) => ({ name, tags }),
      z.object({ name: z.string().max(5, { error: 'Too long.' }), tags: z.array(z.enum(['a', 'b'])) }),
      ({ tags }) => (tags.length === 0 ? { tags: 'Tick at least one.' } : {}),
    ),
    handler,
  );

  it('reads a checkbox group as every value sent, and refills it as one line', async () => {
    Object.assign(request, owner);
    handler.mockResolvedValue({});
    const data = form({ name: 'Jobs' });
    data.append('tags', 'a');
    data.append('tags', 'b');
    await listAction({}, data);
    expect(handler).toHaveBeenCalledWith(
      { name: 'Jobs', tags: ['a', 'b'] },
      expect.objectContaining({ values: { name: 'Jobs', tags: 'a,b' } }),
    );
  });

  it('shows the form’s own checks and the schema’s together, its own first on an input', async () => {
    Object.assign(request, owner);
    const state = await listAction({}, form({ name: 'Too long a name' }));
    expect(state).toEqual({
      fieldErrors: { name: 'Too long.', tags: 'Tick at least one.' },
      values: { name: 'Too long a name', tags: '' },
      submission: 1,
    });
    expect(handler).not.toHaveBeenCalled();
  });
});
