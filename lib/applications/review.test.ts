// Reviewing applicants: notes, the rating, bulk moves, and the mail a move sends when its template is on.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { signUp } from '@/lib/auth/users';
import { createTenant, createTestJob, memberOf } from '@/test/factories';
import {
  addNote,
  applicantsOfJob,
  applicationInbox,
  applicationPages,
  deleteNote,
  getApplicant,
  listNotes,
  otherApplicationsOf,
  setRating,
} from './review';
import type { ApplicationStatus } from './schemas';
import { createApplication, getApplication, moveApplications, updateApplicationStatus } from './service';
import { defaultMailTemplates, fillTemplate, listMailTemplates, saveMailTemplate } from './status-mail';

let people = 0;

async function board(name = 'Harbour Jobs') {
  const db = await getDb();
  const { organization, key } = await createTenant({ name });
  const job = await createTestJob(organization.id, { title: 'Lighthouse Keeper' });
  return { db, orgId: organization.id, key, job };
}

async function applicant(
  orgId: number,
  jobId: string,
  fields: { name?: string; email?: string; status?: ApplicationStatus } = {},
) {
  people += 1;
  return createApplication(await getDb(), orgId, jobId, {
    name: fields.name ?? `Person ${people}`,
    email: fields.email ?? `person-${people}-${Date.now()}@example.com`,
    status: fields.status,
  });
}

const outbox = async (orgId: number) =>
  (await getDb())
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'application_status')));

async function dashboardUser(label: string) {
  const { user } = await signUp(await getDb(), {
    email: `${label}-${Date.now()}-${people++}@example.com`,
    name: label,
    password: 'correct horse battery staple',
    organizationName: `${label} org`,
  });
  return user;
}

describe('notes', () => {
  it('are listed oldest first with their author, and only the author deletes one', async () => {
    const { db, orgId, job } = await board();
    const application = await applicant(orgId, job.id);
    const grace = await dashboardUser('Grace');
    const alan = await dashboardUser('Alan');
    const first = await addNote(db, orgId, application.id, grace.id, 'Strong portfolio.\nCall on Monday.');
    await addNote(db, orgId, application.id, alan.id, 'Agreed.');

    const notes = await listNotes(db, orgId, application.id);
    expect(notes.map(({ body, author }) => ({ body, author }))).toEqual([
      { body: 'Strong portfolio.\nCall on Monday.', author: 'Grace' },
      { body: 'Agreed.', author: 'Alan' },
    ]);
    expect(notes[0]!.createdAt).toBeInstanceOf(Date);

    await expect(deleteNote(db, orgId, first, alan.id)).rejects.toMatchObject({ code: 'forbidden' });
    await deleteNote(db, orgId, first, grace.id);
    expect((await listNotes(db, orgId, application.id)).map((note) => note.body)).toEqual(['Agreed.']);
    await expect(deleteNote(db, orgId, first, grace.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it("cannot be added to or read from another organization's application", async () => {
    const { db, orgId, job } = await board();
    const other = await board('Other Board');
    const application = await applicant(orgId, job.id);
    const user = await dashboardUser('Mallory');
    await expect(addNote(db, other.orgId, application.id, user.id, 'Hi')).rejects.toMatchObject({
      code: 'not_found',
    });
    const note = await addNote(db, orgId, application.id, user.id, 'Mine');
    expect(await listNotes(db, other.orgId, application.id)).toEqual([]);
    await expect(deleteNote(db, other.orgId, note, user.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the rating', () => {
  it('is set, changed and cleared, without touching the API’s application', async () => {
    const { db, orgId, job } = await board();
    const application = await applicant(orgId, job.id);
    await setRating(db, orgId, application.id, 4);
    expect((await getApplicant(db, orgId, application.id)).rating).toBe(4);
    expect((await applicantsOfJob(db, orgId, job.id))[0]).toMatchObject({ id: application.id, rating: 4 });
    await setRating(db, orgId, application.id, null);
    expect((await getApplicant(db, orgId, application.id)).rating).toBeNull();

    const api = await getApplication(db, orgId, application.id);
    expect(api).not.toHaveProperty('rating');
    expect(api.updated_at).toBe(application.updated_at);
  });

  it('is 1 to 5 in the database, and another organization’s application is a 404', async () => {
    const { db, orgId, job } = await board();
    const other = await board('Other Board');
    const application = await applicant(orgId, job.id);
    await expect(setRating(db, orgId, application.id, 6)).rejects.toThrow();
    await expect(setRating(db, other.orgId, application.id, 3)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the applicant page’s data', () => {
  it('lists the same person’s applications to other jobs, by address or member, never another board’s', async () => {
    const { db, orgId, job } = await board();
    const second = await createTestJob(orgId, { title: 'Harbour Master' });
    const third = await createTestJob(orgId, { title: 'Ferry Pilot' });
    const ada = await applicant(orgId, job.id, { name: 'Ada', email: 'ada@example.com' });
    await applicant(orgId, second.id, { name: 'Ada', email: 'ADA@example.com' });
    await applicant(orgId, third.id, { name: 'Someone', email: 'someone@example.com' });
    const elsewhere = await board('Elsewhere');
    await applicant(elsewhere.orgId, elsewhere.job.id, { email: 'ada@example.com' });

    const applicantRow = await getApplicant(db, orgId, ada.id);
    const others = await otherApplicationsOf(db, orgId, applicantRow);
    expect(others.map((row) => row.jobTitle)).toEqual(['Harbour Master']);
    await expect(getApplicant(db, elsewhere.orgId, ada.id)).rejects.toMatchObject({ code: 'not_found' });
  });
  it('finds a signed-in member’s applications made with another address', async () => {
    const { db, orgId, job } = await board();
    const second = await createTestJob(orgId, { title: 'Harbour Master' });
    const member = await memberOf(orgId, 'candidate');
    const first = await createApplication(
      db,
      orgId,
      job.id,
      { name: 'Pat', email: 'pat@work.example' },
      { memberId: member!.id },
    );
    await createApplication(
      db,
      orgId,
      second.id,
      { name: 'Pat', email: 'pat@home.example' },
      { memberId: member!.id },
    );
    const others = await otherApplicationsOf(db, orgId, await getApplicant(db, orgId, first.id));
    expect(others.map((row) => row.jobTitle)).toEqual(['Harbour Master']);
  });
});

describe('moving several applicants at once', () => {
  it('moves those that may move, each with its webhook, and names those that may not', async () => {
    const { db, orgId, job } = await board();
    await db.insert(webhookSubscriptions).values({
      organizationId: orgId,
      events: ['*'],
      eventsKey: '*',
      targetUrl: 'http://127.0.0.1:9/hook',
    });
    const pending = await applicant(orgId, job.id, { name: 'Ada Lovelace' });
    const reviewed = await applicant(orgId, job.id, { name: 'Alan Turing', status: 'reviewed' });
    const hired = await applicant(orgId, job.id, { name: 'Grace Hopper', status: 'hired' });
    const shortlisted = await applicant(orgId, job.id, { name: 'Edsger Dijkstra', status: 'shortlisted' });
    const elsewhere = await board('Elsewhere');
    const foreign = await applicant(elsewhere.orgId, elsewhere.job.id, { name: 'Not Yours' });

    const result = await moveApplications(
      db,
      orgId,
      [pending.id, reviewed.id, hired.id, shortlisted.id, foreign.id],
      'shortlisted',
    );
    expect(result.moved.map((row) => row.name)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(result.refused).toEqual([
      {
        id: hired.id,
        name: 'Grace Hopper',
        reason: 'An application that is hired is final and cannot move to shortlisted.',
      },
      { id: shortlisted.id, name: 'Edsger Dijkstra', reason: 'Edsger Dijkstra is already shortlisted.' },
    ]);
    expect((await getApplication(db, orgId, pending.id)).status).toBe('shortlisted');
    expect((await getApplication(db, orgId, hired.id)).status).toBe('hired');
    expect((await getApplication(db, elsewhere.orgId, foreign.id)).status).toBe('pending');

    const events = await db
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'application.updated')));
    expect(events.map((event) => event.data.id).sort()).toEqual([pending.id, reviewed.id].sort());
  });
});

describe('status mail templates', () => {
  it('start as the defaults, switched off, and save per status', async () => {
    const { db, orgId } = await board();
    const templates = await listMailTemplates(db, orgId);
    expect(templates.map((template) => [template.status, template.enabled, template.isDefault])).toEqual([
      ['reviewed', false, true],
      ['shortlisted', false, true],
      ['hired', false, true],
      ['rejected', false, true],
    ]);
    expect(templates[3]).toMatchObject(defaultMailTemplates.rejected);

    const saved = await saveMailTemplate(db, orgId, {
      status: 'rejected',
      enabled: true,
      subject: 'About {{job_title}}',
      body: 'Dear {{name}}, thank you.',
    });
    expect(saved).toEqual({
      status: 'rejected',
      enabled: true,
      subject: 'About {{job_title}}',
      body: 'Dear {{name}}, thank you.',
      isDefault: false,
    });
    await saveMailTemplate(db, orgId, { ...saved, enabled: false });
    expect((await listMailTemplates(db, orgId))[3]).toMatchObject({ enabled: false, isDefault: false });
    expect((await listMailTemplates(db, (await board('Fresh')).orgId))[3]!.isDefault).toBe(true);
  });

  it('fill placeholders in one pass: a value that looks like a placeholder stays as typed', () => {
    expect(
      fillTemplate('{{name}} / {{ job_title }} / {{unknown}}', {
        name: '{{job_title}}',
        job_title: 'Keeper',
      }),
    ).toBe('{{job_title}} / Keeper / {{unknown}}');
  });
});

describe('a status change with its template switched on', () => {
  it('queues the applicant’s mail with the move, its values escaped in HTML and kept out of headers', async () => {
    const { db, orgId, job } = await board('Harbour <Jobs>');
    await saveMailTemplate(db, orgId, {
      status: 'rejected',
      enabled: true,
      subject: '{{job_title}} at {{board_name}} for {{name}}',
      body: 'Dear {{name}},\n\nThank you for applying for {{job_title}}.\n\n{{board_name}}',
    });
    const application = await applicant(orgId, job.id, {
      name: '<b>Ada</b>\r\nBcc: evil@example.com',
      email: 'ada@example.com',
    });

    expect(await outbox(orgId)).toEqual([]);
    await updateApplicationStatus(db, orgId, application.id, 'reviewed');
    expect(await outbox(orgId)).toEqual([]);

    await updateApplicationStatus(db, orgId, application.id, 'rejected');
    const [mail] = await outbox(orgId);
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      subject: 'Lighthouse Keeper at Harbour <Jobs> for <b>Ada</b> Bcc: evil@example.com',
      status: 'pending',
    });
    expect(mail!.text).toContain('Dear <b>Ada</b>\r\nBcc: evil@example.com,');
    expect(mail!.text).toContain('Thank you for applying for Lighthouse Keeper.');
    expect(mail!.html).toContain('Dear &lt;b&gt;Ada&lt;/b&gt;');
    expect(mail!.html).toContain('Harbour &lt;Jobs&gt;');
    expect(mail!.html).not.toContain('<b>Ada</b>');
  });

  it('is not sent when the move is refused', async () => {
    const { db, orgId, job } = await board();
    await saveMailTemplate(db, orgId, {
      status: 'hired',
      enabled: true,
      subject: 'Welcome',
      body: 'Hi {{name}}',
    });
    const hired = await applicant(orgId, job.id, { name: 'Grace', status: 'hired' });
    await expect(updateApplicationStatus(db, orgId, hired.id, 'rejected')).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect(await outbox(orgId)).toEqual([]);
  });

  it('sends one mail per applicant moved in bulk, none when the template is off', async () => {
    const { db, orgId, job } = await board();
    const a = await applicant(orgId, job.id);
    const b = await applicant(orgId, job.id);
    await moveApplications(db, orgId, [a.id], 'reviewed');
    expect(await outbox(orgId)).toEqual([]);
    await saveMailTemplate(db, orgId, {
      ...defaultMailTemplates.rejected,
      status: 'rejected',
      enabled: true,
    });
    await moveApplications(db, orgId, [a.id, b.id], 'rejected');
    expect((await outbox(orgId)).map((mail) => mail.to).sort()).toEqual([a.email, b.email].sort());
  });
});

describe('the applications inbox', () => {
  it('lists every job’s applications newest first, of one status or by part of a name or email, and only the board’s own', async () => {
    const { db, orgId, job } = await board();
    const other = await createTestJob(orgId, { title: 'Harbour Master' });
    const elsewhere = await board('Other Harbour');
    await applicant(elsewhere.orgId, elsewhere.job.id, {
      name: 'Ada Elsewhere',
      email: 'ada@elsewhere.example',
    });
    const ada = await applicant(orgId, job.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
    await applicant(orgId, other.id, { name: 'Grace Hopper', email: 'grace_h@example.com', status: 'hired' });
    const again = await applicant(orgId, other.id, { name: 'Ada Lovelace', email: 'ADA@example.com' });
    const teammate = await dashboardUser('inbox');
    await addNote(db, orgId, ada.id, teammate.id, 'Strong answers.');
    await setRating(db, orgId, ada.id, 4);

    const inbox = (query: Parameters<typeof applicationInbox>[2]) => applicationInbox(db, orgId, query);
    const all = await inbox({ page: 1, per_page: 10 });
    expect(all.cards.map((card) => [card.name, card.job.title])).toEqual([
      ['Ada Lovelace', 'Harbour Master'],
      ['Grace Hopper', 'Harbour Master'],
      ['Ada Lovelace', 'Lighthouse Keeper'],
    ]);
    expect(all.cards.find((card) => card.id === ada.id)).toMatchObject({
      notes: 1,
      rating: 4,
      hasResume: false,
    });
    expect(all.pagination.total_items).toBe(3);

    const names = async (query: Omit<Parameters<typeof applicationInbox>[2], 'page' | 'per_page'>) =>
      (await inbox({ page: 1, per_page: 10, ...query })).cards.map((card) => card.id);
    expect(await names({ status: 'hired' })).toHaveLength(1);
    expect(await names({ search: 'ada@EXAMPLE' })).toEqual([again.id, ada.id]);
    expect(await names({ search: ' lovelace ', status: 'pending' })).toEqual([again.id, ada.id]);
    expect(await names({ search: 'grace_' })).toHaveLength(1);
    expect(await names({ search: 'a_l' })).toHaveLength(0);
    expect(await names({ search: '%' })).toEqual([]);

    const exported: string[] = [];
    for await (const page of applicationPages(db, orgId, { search: 'ada' }, 1)) {
      expect(page).toHaveLength(1);
      exported.push(page[0]!.application.id);
    }
    expect(exported).toEqual([ada.id, again.id]);

    const second = await inbox({ page: 2, per_page: 2 });
    expect(second.cards.map((card) => card.id)).toEqual([ada.id]);
    expect(second.pagination).toMatchObject({ current_page: 2, total_items: 3 });
  });
});
