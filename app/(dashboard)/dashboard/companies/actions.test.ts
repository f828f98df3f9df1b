import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { addMember, signUp } from '@/lib/auth/users';
import { getCompany, listCompanies } from '@/lib/companies';
import { getJob } from '@/lib/jobs';
import { createTestJob } from '@/test/factories';
import { revalidatePath, nextRequest as session } from '@/test/fixtures/next-request';
import { createCompanyAction, deleteCompanyAction, updateCompanyAction } from './actions';

// The session and the request's cookies come from the shared request fixture (test/setup.ts); the
// membership lookup, the permission check and the companies service below them are real.

const BOARD = 'https://boards.example';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const acme = {
  name: ' Acme ',
  website: 'https://acme.example',
  logo_url: 'https://cdn.example.com/acme.png',
  description: 'We make anvils.',
};

let owner: { userId: string; organizationId: number };
let editor: { userId: string; organizationId: number };

/** A fresh board of the owner's, worked in, so that names do not clash between tests. */
async function freshBoard(): Promise<number> {
  const db = await getDb();
  const { user, organization } = await signUp(db, {
    email: `companies-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Owner',
    password: 'correct horse battery staple',
    organizationName: 'Companies Board',
  });
  owner = { userId: user.id, organizationId: organization.id };
  Object.assign(session, owner);
  return organization.id;
}

async function companiesOf(organizationId: number) {
  return (await listCompanies(await getDb(), organizationId, BOARD, { page: 1, per_page: 20 })).companies;
}

beforeAll(async () => {
  const orgId = await freshBoard();
  const db = await getDb();
  const other = await signUp(db, {
    email: `companies-editor-${Date.now()}@example.com`,
    name: 'Editor',
    password: 'correct horse battery staple',
    organizationName: 'Editor’s Board',
  });
  await addMember(db, orgId, other.user.id, 'editor');
  editor = { userId: other.user.id, organizationId: orgId };
});

beforeEach(() => revalidatePath.mockReset());

describe('adding a company', () => {
  it('stores the form’s fields, takes in the jobs under its name and refreshes the list', async () => {
    const orgId = await freshBoard();
    const job = await createTestJob(orgId, { company_name: 'ACME' });
    const state = await createCompanyAction({}, form(acme));
    expect(state).toEqual({ success: 'Added Acme. 1 job under this name joined it.', submission: 1 });
    const [company] = await companiesOf(orgId);
    expect(company).toMatchObject({
      name: 'Acme',
      slug: 'acme',
      website: 'https://acme.example',
      logo_url: 'https://cdn.example.com/acme.png',
      description: 'We make anvils.',
      job_count: 1,
    });
    expect((await getJob(await getDb(), orgId, job.id)).company_id).toBe(company!.id);
    expect(revalidatePath.mock.calls).toEqual([['/dashboard/companies']]);
  });

  it('leaves blank optional fields empty', async () => {
    const orgId = await freshBoard();
    expect(
      await createCompanyAction({}, form({ name: 'Globex', website: ' ', logo_url: '', description: '' })),
    ).toMatchObject({ success: 'Added Globex.' });
    expect(await companiesOf(orgId)).toMatchObject([
      { name: 'Globex', website: null, logo_url: null, description: null },
    ]);
  });

  it('answers bad fields on their inputs and keeps what was typed', async () => {
    const orgId = await freshBoard();
    const typed = { name: '  ', website: 'acme dot com', logo_url: 'javascript:alert(1)', description: 'Hi' };
    const state = await createCompanyAction({ submission: 4 }, form(typed));
    expect(state).toEqual({
      fieldErrors: {
        name: 'Company name is required',
        website: 'Expected an http(s) URL',
        logo_url: 'Expected an http(s) URL',
      },
      values: typed,
      submission: 5,
    });
    expect(await companiesOf(orgId)).toEqual([]);
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('refuses a name another company has (any case) on the name, keeping the form', async () => {
    const orgId = await freshBoard();
    await createCompanyAction({}, form(acme));
    const again = { ...acme, name: 'ACME', description: 'Another one.' };
    const state = await createCompanyAction({}, form(again));
    expect(state).toEqual({
      fieldErrors: { name: "A company named 'Acme' exists already." },
      values: again,
      submission: 1,
    });
    expect(await companiesOf(orgId)).toHaveLength(1);
  });
});

describe('editing a company', () => {
  it('saves every field, renames its jobs and answers with what was stored', async () => {
    const orgId = await freshBoard();
    await createCompanyAction({}, form(acme));
    const [company] = await companiesOf(orgId);
    const job = await createTestJob(orgId, { company_name: 'Acme' });
    revalidatePath.mockReset();
    const state = await updateCompanyAction(
      {},
      form({
        id: company!.id,
        name: 'Acme Corp',
        slug: 'acme-corp',
        website: '',
        logo_url: 'https://cdn.example.com/acme-2.png',
        description: ' Anvils, since 1949. ',
      }),
    );
    expect(state).toEqual({
      success: 'Saved.',
      values: {
        name: 'Acme Corp',
        slug: 'acme-corp',
        website: '',
        logo_url: 'https://cdn.example.com/acme-2.png',
        description: 'Anvils, since 1949.',
      },
      submission: 1,
    });
    expect(await getCompany(await getDb(), orgId, company!.id, BOARD)).toMatchObject({
      url: `${BOARD}/companies/acme-corp`,
      website: null,
    });
    expect((await getJob(await getDb(), orgId, job.id)).company_name).toBe('Acme Corp');
    expect(revalidatePath.mock.calls).toEqual([['/dashboard/companies', 'layout']]);
  });

  it('answers a bad or taken page address on its input, in the form’s words', async () => {
    const orgId = await freshBoard();
    await createCompanyAction({}, form({ ...acme, name: 'Initech' }));
    await createCompanyAction({}, form(acme));
    const company = (await companiesOf(orgId)).find((row) => row.name === 'Acme')!;
    const edit = { id: company.id, ...acme, name: 'Acme' };
    revalidatePath.mockReset();
    expect((await updateCompanyAction({}, form({ ...edit, slug: 'Not A Slug' }))).fieldErrors).toEqual({
      slug: 'Use lowercase letters, digits and single hyphens, such as acme-corp.',
    });
    const taken = await updateCompanyAction({}, form({ ...edit, slug: 'initech' }));
    expect(taken).toMatchObject({
      fieldErrors: { slug: "The company slug 'initech' is taken." },
      values: { slug: 'initech', name: 'Acme' },
    });
    expect(
      (await updateCompanyAction({}, form({ ...edit, slug: 'acme', name: 'initech' }))).fieldErrors,
    ).toEqual({ name: "A company named 'Initech' exists already." });
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it('treats another board’s company, or a tampered id, as unknown', async () => {
    await freshBoard();
    await createCompanyAction({}, form(acme));
    const [theirs] = await companiesOf(owner.organizationId);
    const orgId = await freshBoard();
    for (const id of [theirs!.id, 'not-an-id'])
      expect(await updateCompanyAction({}, form({ id, ...acme, slug: 'acme' }))).toMatchObject({
        error: expect.stringMatching(/^(Company not found\.|Unknown company\.)$/),
        fieldErrors: {},
      });
    expect(await companiesOf(orgId)).toEqual([]);
  });
});

describe('deleting a company', () => {
  it('removes it, keeps its jobs unlinked under its name and leads back to the list', async () => {
    const orgId = await freshBoard();
    await createCompanyAction({}, form(acme));
    const [company] = await companiesOf(orgId);
    const job = await createTestJob(orgId, { company_name: 'Acme' });
    await expect(deleteCompanyAction(company!.id)).rejects.toMatchObject({
      digest: expect.stringContaining('/dashboard/companies'),
    });
    expect(await companiesOf(orgId)).toEqual([]);
    expect(await getJob(await getDb(), orgId, job.id)).toMatchObject({
      company_name: 'Acme',
      company_id: null,
    });
    // Gone already (another tab): the outcome asked for, not an error.
    await expect(deleteCompanyAction(company!.id)).rejects.toMatchObject({
      digest: expect.stringContaining('/dashboard/companies'),
    });
  });

  it('answers a tampered id with a message', async () => {
    await freshBoard();
    expect(await deleteCompanyAction('1; drop table companies')).toEqual({ error: 'Unknown company.' });
  });
});

describe('an editor', () => {
  it('may not add, edit or delete companies', async () => {
    await freshBoard();
    await createCompanyAction({}, form(acme));
    const [company] = await companiesOf(owner.organizationId);
    const before = await companiesOf(editor.organizationId);
    Object.assign(session, editor);
    const refusal = 'This needs the owner or admin role; you are editor.';
    await expect(createCompanyAction({}, form({ ...acme, name: 'Editor Co' }))).rejects.toThrow(refusal);
    await expect(
      updateCompanyAction({}, form({ id: before[0]?.id ?? company!.id, ...acme, slug: 'x' })),
    ).rejects.toThrow(refusal);
    await expect(deleteCompanyAction(company!.id)).rejects.toThrow(refusal);
    expect(await companiesOf(editor.organizationId)).toEqual(before);
    expect(await companiesOf(owner.organizationId)).toHaveLength(1);
  });
});
