import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox, webhookEvents, webhookSubscriptions } from '@/db/schema';
import {
  createApplication,
  getApplicant,
  getApplication,
  listMailTemplates,
  listNotes,
} from '@/lib/applications';
import { addMember, signUp } from '@/lib/auth/users';
import { createJob } from '@/lib/jobs';
import { nextRequest as session } from '@/test/fixtures/next-request';
import {
  addNoteAction,
  deleteNoteAction,
  moveApplicationAction,
  moveApplicationsAction,
  saveMailTemplateAction,
  setRatingAction,
} from './actions';

// The session comes from the shared request fixture (test/setup.ts); the membership lookup,
// permission, services and outbox rows below it are real.

let people = 0;

async function dashboard() {
  const db = await getDb();
  people += 1;
  const { user, organization } = await signUp(db, {
    email: `owner-${people}-${Date.now()}@example.com`,
    name: 'Grace Owner',
    password: 'correct horse battery staple',
    organizationName: `Review Board ${people}`,
  });
  Object.assign(session, { userId: user.id, organizationId: organization.id });
  const job = await createJob(db, organization.id, {
    title: 'Lighthouse Keeper',
    description: 'Keep the light.',
    company_name: 'Harbour',
  });
  const apply = (name: string, status?: 'hired' | 'reviewed') =>
    createApplication(db, organization.id, job.id, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}-${people}@example.com`,
      status,
    });
  return { db, user, orgId: organization.id, job, apply };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('moving an applicant from the dashboard', () => {
  it('moves it with its webhook, and answers a move the pipeline does not allow in words', async () => {
    const { db, orgId, apply } = await dashboard();
    await db
      .insert(webhookSubscriptions)
      .values({ organizationId: orgId, events: ['*'], eventsKey: '*', targetUrl: 'http://127.0.0.1:9/hook' });
    const ada = await apply('Ada Lovelace');
    expect(await moveApplicationAction(ada.id, 'shortlisted')).toEqual({ status: 'shortlisted' });
    expect((await getApplication(db, orgId, ada.id)).status).toBe('shortlisted');
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'application.updated')));
    expect(events).toHaveLength(1);

    expect(await moveApplicationAction(ada.id, 'reviewed')).toEqual({
      error: 'An application that is shortlisted can move to hired, rejected, not reviewed.',
    });
    expect(await moveApplicationAction('not-an-id', 'reviewed')).toEqual({ error: 'Unknown application.' });
  });

  it("treats another organization's application as unknown", async () => {
    const other = await dashboard();
    const theirs = await other.apply('Not Yours');
    await dashboard();
    expect(await moveApplicationAction(theirs.id, 'reviewed')).toEqual({ error: 'Application not found.' });
    expect((await getApplication(other.db, other.orgId, theirs.id)).status).toBe('pending');
  });

  it('moves several, reporting by name those that cannot move', async () => {
    const { db, orgId, apply } = await dashboard();
    const ada = await apply('Ada Lovelace');
    const alan = await apply('Alan Turing', 'reviewed');
    const grace = await apply('Grace Hopper', 'hired');
    const result = await moveApplicationsAction([ada.id, alan.id, grace.id], 'rejected');
    expect(result.moved?.map((row) => row.name)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(result.refused).toEqual([
      {
        id: grace.id,
        name: 'Grace Hopper',
        reason: 'An application that is hired is final and cannot move to rejected.',
      },
    ]);
    expect((await getApplication(db, orgId, alan.id)).status).toBe('rejected');
    expect(await moveApplicationsAction([], 'rejected')).toEqual({ error: 'Select at least one applicant.' });
  });
});

describe('notes from the dashboard', () => {
  it('are written by the signed-in user, and only they delete theirs', async () => {
    const { db, orgId, apply } = await dashboard();
    const ada = await apply('Ada Lovelace');
    const owner = session.userId;

    const blank = await addNoteAction({}, form({ application_id: ada.id, body: '   ' }));
    expect(blank).toMatchObject({ fieldErrors: { body: 'Write a note first.' } });

    const added = await addNoteAction(
      {},
      form({ application_id: ada.id, body: 'Great answers.\r\nCall her.' }),
    );
    expect(added).toMatchObject({ success: 'Note added.', values: { body: '' } });
    const [note] = await listNotes(db, orgId, ada.id);
    expect(note).toMatchObject({ body: 'Great answers.\nCall her.', authorId: owner, author: 'Grace Owner' });

    const { user: editor } = await signUp(db, {
      email: `editor-${Date.now()}@example.com`,
      name: 'Eddie',
      password: 'correct horse battery staple',
      organizationName: 'Eddie’s own',
    });
    await addMember(db, orgId, editor.id, 'editor');
    Object.assign(session, { userId: editor.id, organizationId: orgId });
    expect(await deleteNoteAction(note!.id)).toEqual({ error: 'Only its author can delete a note.' });

    Object.assign(session, { userId: owner });
    expect(await deleteNoteAction(note!.id)).toEqual({});
    expect(await listNotes(db, orgId, ada.id)).toEqual([]);
  });
});

describe('the rating from the dashboard', () => {
  it('is set, refused out of range and cleared', async () => {
    const { db, orgId, apply } = await dashboard();
    const ada = await apply('Ada Lovelace');
    expect(await setRatingAction({}, form({ application_id: ada.id, rating: '4' }))).toMatchObject({
      success: 'Rated 4 out of 5.',
    });
    expect((await getApplicant(db, orgId, ada.id)).rating).toBe(4);
    expect(await setRatingAction({}, form({ application_id: ada.id, rating: '7' }))).toMatchObject({
      fieldErrors: { rating: 'Choose a rating from 1 to 5.' },
    });
    expect(await setRatingAction({}, form({ application_id: ada.id, rating: 'none' }))).toMatchObject({
      success: 'Rating cleared.',
    });
    expect((await getApplicant(db, orgId, ada.id)).rating).toBeNull();
  });
});

describe('status mails from the dashboard', () => {
  it('are saved per status, and a move then mails the applicant in the same transaction', async () => {
    const { db, orgId, apply } = await dashboard();
    const empty = await saveMailTemplateAction(
      {},
      form({ status: 'rejected', enabled: 'on', subject: ' ', body: 'Hi' }),
    );
    expect(empty).toMatchObject({ fieldErrors: { subject: 'Enter a subject.' }, values: { subject: ' ' } });

    const saved = await saveMailTemplateAction(
      {},
      form({
        status: 'rejected',
        enabled: 'on',
        subject: 'About {{job_title}}',
        body: 'Dear {{name}},\n\nNo.',
      }),
    );
    expect(saved).toMatchObject({ success: 'Saved. Applicants get this mail.' });
    expect((await listMailTemplates(db, orgId)).find((t) => t.status === 'rejected')).toMatchObject({
      enabled: true,
      subject: 'About {{job_title}}',
    });

    const ada = await apply('Ada Lovelace');
    await moveApplicationAction(ada.id, 'rejected');
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'application_status')));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[ada.email, 'About Lighthouse Keeper']]);

    // Switched off (the checkbox unticked sends nothing), the next move mails no one.
    await saveMailTemplateAction({}, form({ status: 'rejected', subject: 'About', body: 'No.' }));
    const alan = await apply('Alan Turing');
    await moveApplicationAction(alan.id, 'rejected');
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.to, alan.email))),
    ).toEqual([]);
  });
});
