// Applying with the board's form: what is stored and sent, what is refused, and who is throttled.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { analyticsEvents, applications, mailOutbox, type Organization, users } from '@/db/schema';
import { addMember, signUp } from '@/lib/auth/users';
import { resetEnvCache } from '@/lib/core/env';
import { getJob } from '@/lib/jobs';
import { resetMailTransport, runMailWorker } from '@/lib/mail';
import { createMember, requestSignIn, signInWithCode } from '@/lib/members';
import { setRateLimiter, throttles } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant, createTestJob } from '@/test/factories';
import { startSmtpServer } from '@/test/fixtures/smtp';
import { submitBoardApplication } from './board-apply';
import { checkResumeLink, privateFiles } from './resume';
import { HONEYPOT_FIELD, RESUME_MAX_BYTES } from './schemas';
import { applicationsOfMember, listApplications } from './service';

const APPLY_LIMIT = throttles.boardApply.perClient[0].max;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  if (file) data.set('resume', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return data;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0000',
  cover_letter: 'I would love to.',
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let address = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Board <board@example.org>';
  resetEnvCache();
  resetMailTransport();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
  resetMailTransport();
  await smtp.close();
});
beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

async function setup(fields: Parameters<typeof createTestJob>[1] = {}) {
  const tenant = await createTenant();
  const created = await createTestJob(tenant.organization.id, {
    how_to_apply_method: 'form-internal',
    contact_email: 'hiring@acme.example',
    ...fields,
  });
  const db = await getDb();
  const job = await getJob(db, tenant.organization.id, created.id);
  address += 1;
  const context = {
    db,
    org: tenant.organization as Organization,
    job,
    clientAddress: `203.0.113.${address % 250}`,
  };
  return { tenant, job, context };
}

describe('applying on the board', () => {
  it('creates an application with source board, a private resume behind a signed link, and mails the contact', async () => {
    const { tenant, job, context } = await setup();
    const result = await submitBoardApplication(
      {
        ...context,
        headers: new Headers({
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        }),
      },
      form(valid, { bytes: PDF, name: 'ada-cv.pdf' }),
    );
    expect(result).toEqual({ ok: true, applicationId: expect.any(String) });
    // A conversion in the board's analytics.
    const conversions = await context.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.organizationId, tenant.organization.id));
    expect(conversions.map((event) => [event.name, event.jobId, event.path])).toEqual([
      ['application', job.id, `/jobs/${job.slug}`],
    ]);
    const list = await listApplications(context.db, tenant.organization.id, { page: 1, per_page: 20 });
    const [application] = list.applications;
    expect(application).toMatchObject({
      job_id: job.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      source: 'board',
      status: 'pending',
    });
    const link = new URL(application!.resume_url!);
    expect(link.pathname).toBe(`/api/applications/${application!.id}/resume`);
    const signed = (signature: string | null) =>
      checkResumeLink(application!.id, link.searchParams.get('expires'), signature);
    expect(signed(link.searchParams.get('signature'))).toBe('valid');
    expect(signed('forged')).toBe('invalid');
    const [stored] = await context.db.select().from(applications).where(eq(applications.id, application!.id));
    expect(stored).toMatchObject({
      resumeKey: expect.stringMatching(/\.pdf$/),
      resumeFilename: 'ada-cv.pdf',
    });
    const file = await new Response(await privateFiles().read(stored!.resumeKey!)).arrayBuffer();
    expect(new Uint8Array(file)).toEqual(PDF);
    // Never under the public media directory.
    const mediaFiles = await readdir(path.resolve(process.env.MEDIA_DIR!), { recursive: true });
    expect(mediaFiles.some((name) => String(name).includes(application!.id))).toBe(false);
    // The contact's notice waits in the outbox, not in the applicant's request, and the mail log
    // masks its résumé link.
    const [queued] = await context.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.organizationId, tenant.organization.id),
          eq(mailOutbox.kind, 'application_received'),
        ),
      );
    expect(queued).toMatchObject({
      to: 'hiring@acme.example',
      replyTo: 'ada@example.com',
      status: 'pending',
    });
    expect(queued!.secrets).toEqual([expect.stringContaining(`/api/applications/${application!.id}/resume`)]);
    expect(queued!.text).toContain(queued!.secrets[0]);
    await runMailWorker(context.db);
    const mail = smtp.received.find((message) => message.raw.includes(application!.id));
    expect(mail?.to).toEqual(['hiring@acme.example']);
    expect(mail?.from).toBe('board@example.org');
    expect(mail?.raw).toMatch(/Reply-To: ada@example.com/i);
    expect((await simpleParser(mail!.raw)).subject).toBe(`New application: ${job.title} — Ada Lovelace`);
  });

  it('mails the teammates who review applications when the job names no contact', async () => {
    const db = await getDb();
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const { user: owner, organization } = await signUp(db, {
      email: `owner-${stamp}@example.com`,
      name: 'Olivia Owner',
      password: 'correct horse battery staple',
      organizationName: 'Team Board',
    });
    const [editor] = await db
      .insert(users)
      .values({ email: `editor-${stamp}@example.com`, name: 'Eddie Editor' })
      .returning();
    await addMember(db, organization.id, editor!.id, 'editor');
    const created = await createTestJob(organization.id, { how_to_apply_method: 'form-internal' });
    const job = await getJob(db, organization.id, created.id);
    address += 1;
    const result = await submitBoardApplication(
      { db, org: organization as Organization, job, clientAddress: `198.18.0.${address % 250}` },
      form(valid, { bytes: PDF, name: 'cv.pdf' }),
    );
    if (!result.ok) throw new Error('not applied');
    const queued = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.organizationId, organization.id), eq(mailOutbox.kind, 'application_received')),
      );
    expect(queued.map((mail) => mail.to).sort()).toEqual([owner.email, editor!.email].sort());
    for (const mail of queued) {
      expect(mail.replyTo).toBe('ada@example.com');
      expect(mail.text).toContain(`/dashboard/applications/${result.applicationId}`);
      // Teammates open it in the dashboard: no résumé link travels by mail.
      expect(mail.text).not.toContain('/resume');
    }
  });

  it('stores a scripted post’s NUL and lone surrogates as text PostgreSQL holds (a NUL in the resume name was a 500)', async () => {
    const { context } = await setup();
    const result = await submitBoardApplication(
      context,
      form(
        { ...valid, name: 'Ada\u0000 Lovelace', cover_letter: 'Hi \ud800 there' },
        { bytes: PDF, name: 'x\u0000.pdf' },
      ),
    );
    expect(result).toEqual({ ok: true, applicationId: expect.any(String) });
    const [stored] = await context.db
      .select()
      .from(applications)
      .where(eq(applications.id, (result as { applicationId: string }).applicationId));
    expect(stored).toMatchObject({ name: 'Ada Lovelace', coverLetter: 'Hi \ufffd there' });
  });

  it('links an application to the signed-in member, and earlier ones with the address at their first sign-in', async () => {
    const { context } = await setup();
    const organization = context.org;
    const apply = (memberId?: string) =>
      submitBoardApplication(
        { ...context, memberId },
        form({ ...valid, email: 'grace@example.com' }, { bytes: PDF, name: 'cv.pdf' }),
      );
    const before = await apply();
    // Created by the API: the address is not proven yet, so nothing is claimed for it.
    const member = await createMember(context.db, organization.id, {
      email: 'Grace@Example.com',
      name: 'Grace',
      role: 'candidate',
    });
    const signedIn = await apply(member.id);
    const mine = async () =>
      (await applicationsOfMember(context.db, organization.id, member.id)).map(({ id }) => id).sort();
    expect(await mine()).toEqual([signedIn.ok && signedIn.applicationId]);

    const other = await setup();
    await submitBoardApplication(
      other.context,
      form({ ...valid, email: 'grace@example.com' }, { bytes: PDF, name: 'cv.pdf' }),
    );
    await requestSignIn(
      context.db,
      organization,
      { name: 'Board', accent: '#1d4ed8' },
      { email: 'grace@example.com', role: 'candidate', clientAddress: '198.51.100.7' },
      (link) => `https://board.example/sign-in/verify?token=${link}`,
    );
    await runMailWorker(context.db);
    const mail = smtp.received.findLast((message) => message.to.includes('grace@example.com'))!;
    const code = /\b(\d{6})\b/.exec((await simpleParser(mail.raw)).text ?? '')![1]!;
    expect(await signInWithCode(context.db, organization.id, 'grace@example.com', code)).toMatchObject({
      ok: true,
    });
    // Both of this board's applications; never the other board's with the same address.
    expect(await mine()).toEqual(
      [before.ok && before.applicationId, signedIn.ok && signedIn.applicationId].sort(),
    );
  });

  it('answers every wrong field at once and keeps what was typed', async () => {
    const { context } = await setup();
    const typed = { name: '  ', email: 'not-an-email', phone: '', cover_letter: 'Hi' };
    const result = await submitBoardApplication(
      context,
      form(typed, { bytes: new TextEncoder().encode('just text'), name: 'cv.pdf' }),
    );
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid',
      values: { email: 'not-an-email', cover_letter: 'Hi' },
      errors: {
        name: 'Enter your name',
        email: expect.any(String),
        resume: 'This file is not a PDF, DOC or DOCX document',
      },
    });
  });

  it('holds the fields to the API’s application schema, with a cover letter required, in the form’s words', async () => {
    const { context } = await setup();
    const typed = { name: 'A'.repeat(201), email: '', phone: '0'.repeat(51), cover_letter: ' ' };
    expect(await submitBoardApplication(context, form(typed, { bytes: PDF, name: 'cv.pdf' }))).toEqual({
      ok: false,
      reason: 'invalid',
      values: typed,
      errors: {
        name: 'At most 200 characters',
        email: 'Enter your email address',
        phone: 'At most 50 characters',
        cover_letter: 'Write a short cover letter',
      },
    });
  });

  it('requires a resume and refuses one over 10 MB', async () => {
    const { context } = await setup();
    const missing = await submitBoardApplication(context, form(valid));
    expect(missing).toMatchObject({ ok: false, errors: { resume: expect.stringContaining('Attach') } });
    const big = new Uint8Array(RESUME_MAX_BYTES + 1);
    big.set(PDF);
    const tooBig = await submitBoardApplication(context, form(valid, { bytes: big, name: 'big.pdf' }));
    expect(tooBig).toMatchObject({ ok: false, errors: { resume: expect.stringContaining('10 MB') } });
  });

  it('accepts a DOCX by its content, and refuses a ZIP named .docx', async () => {
    const { context } = await setup();
    const docx = storedZip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml':
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    });
    expect(
      await submitBoardApplication(context, form(valid, { bytes: docx, name: 'cv.docx' })),
    ).toMatchObject({ ok: true });
    const zip = storedZip({ 'notes.txt': 'not a document' });
    expect(await submitBoardApplication(context, form(valid, { bytes: zip, name: 'cv.docx' }))).toMatchObject(
      {
        ok: false,
        errors: { resume: expect.any(String) },
      },
    );
  });

  it('stores nothing from a bot that fills the hidden field, yet looks accepted', async () => {
    const { tenant, context } = await setup();
    const result = await submitBoardApplication(
      context,
      form({ ...valid, [HONEYPOT_FIELD]: 'https://spam.example' }, { bytes: PDF, name: 'cv.pdf' }),
    );
    expect(result).toEqual({ ok: true, applicationId: null });
    expect(
      (await listApplications(context.db, tenant.organization.id, { page: 1, per_page: 20 })).applications,
    ).toEqual([]);
  });

  it(`limits one address to ${APPLY_LIMIT} applications per board in 10 minutes`, async () => {
    const { context } = await setup();
    for (let i = 0; i < APPLY_LIMIT; i++) {
      expect(
        await submitBoardApplication(context, form(valid, { bytes: PDF, name: 'cv.pdf' })),
      ).toMatchObject({ ok: true });
    }
    const limited = await submitBoardApplication(context, form(valid, { bytes: PDF, name: 'cv.pdf' }));
    expect(limited).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      errors: { form: expect.stringContaining('Too many') },
    });
    expect(
      (
        await submitBoardApplication(
          { ...context, clientAddress: '198.51.100.7' },
          form(valid, { bytes: PDF, name: 'cv.pdf' }),
        )
      ).ok,
    ).toBe(true);
  });

  it('refuses jobs that do not take applications here', async () => {
    const external = await setup({
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://acme.example/apply',
    });
    expect(
      await submitBoardApplication(external.context, form(valid, { bytes: PDF, name: 'cv.pdf' })),
    ).toMatchObject({ ok: false, reason: 'closed' });
    const expired = await setup({ expires_at: new Date(Date.now() - 1000) });
    expect(
      await submitBoardApplication(expired.context, form(valid, { bytes: PDF, name: 'cv.pdf' })),
    ).toMatchObject({ ok: false, reason: 'closed' });
  });
});

/** A ZIP archive of uncompressed entries: enough for file-type to see an Office document. */
function storedZip(files: Record<string, string>): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    central.push(header, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}
