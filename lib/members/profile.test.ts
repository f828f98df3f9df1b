// The board profile a member applies with: contact details, and one resume under the applications' rules.
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { privateFiles, readResume } from '@/lib/applications';
import { RESUME_MAX_BYTES } from '@/lib/applications/schemas';
import { setRateLimiter, throttles } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant, memberOf } from '@/test/factories';
import { removeMemberResume, saveMemberContact, setMemberResume } from './profile';
import { memberContactSchema } from './schemas';
import { deleteMember, findMember, toMemberOut } from './service';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

/** Files are removed after the commit, as the effect runs. */
const gone = (key: string | null) => expect.poll(() => privateFiles().size(key!)).toBeNull();

const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

async function resume(bytes = PDF, name = 'cv.pdf') {
  const read = await readResume(file(bytes, name));
  if ('error' in read) throw new Error(read.error);
  return read;
}

async function candidate() {
  const tenant = await createTenant();
  const orgId = tenant.organization.id;
  return { db: await getDb(), orgId, member: await memberOf(orgId, 'candidate') };
}

describe('the profile resume', () => {
  it.each([
    [
      'a text file named .pdf',
      file(new TextEncoder().encode('not a pdf'), 'cv.pdf'),
      'This file is not a PDF, DOC or DOCX document',
    ],
    ['no file', null, 'Attach your resume (PDF, DOC or DOCX)'],
    ['an empty file', file(new Uint8Array(), 'cv.pdf'), 'Attach your resume (PDF, DOC or DOCX)'],
    [
      'a file over the limit',
      file(new Uint8Array(RESUME_MAX_BYTES + 1), 'cv.pdf'),
      'The file is 10 MB; the limit is 10 MB',
    ],
  ])('refuses %s with the applications’ words', async (_name, given, error) => {
    expect(await readResume(given)).toEqual({ error });
  });

  it('is stored privately; a new one replaces it and its file goes; removing takes the file too', async () => {
    const { db, orgId, member } = await candidate();
    const now = new Date('2026-11-27T10:00:00Z');
    const first = await setMemberResume(db, orgId, member.id, await resume(PDF, 'ada-cv.pdf'), now);
    expect(first).toMatchObject({
      resumeKey: expect.stringMatching(new RegExp(`^member-resumes/${orgId}/${member.id}/[0-9a-f-]+\\.pdf$`)),
      resumeFilename: 'ada-cv.pdf',
      resumeBytes: PDF.byteLength,
      resumeUploadedAt: now,
    });
    expect(await privateFiles().size(first.resumeKey!)).toBe(PDF.byteLength);
    // Not part of the API's Member.
    expect(Object.keys(toMemberOut(first))).not.toContain('resumeKey');

    const second = await setMemberResume(db, orgId, member.id, await resume(PDF, 'ada-cv-2.pdf'));
    expect(second.resumeKey).not.toBe(first.resumeKey);
    await gone(first.resumeKey);
    expect(await privateFiles().size(second.resumeKey!)).toBe(PDF.byteLength);

    const removed = await removeMemberResume(db, orgId, member.id);
    expect(removed).toMatchObject({
      resumeKey: null,
      resumeFilename: null,
      resumeBytes: null,
      resumeUploadedAt: null,
    });
    await gone(second.resumeKey);
  });

  it('goes when the member is erased', async () => {
    const { db, orgId, member } = await candidate();
    const { resumeKey } = await setMemberResume(db, orgId, member.id, await resume());
    await deleteMember(db, orgId, member.id);
    await gone(resumeKey);
  });

  it('is for members of the board only, and limited to 10 uploads an hour per member', async () => {
    const { db, orgId, member } = await candidate();
    const other = await candidate();
    await expect(setMemberResume(db, other.orgId, member.id, await resume())).rejects.toMatchObject({
      code: 'not_found',
    });
    const limit = throttles.memberResume.perClient[0].max;
    for (let upload = 0; upload < limit; upload += 1)
      await setMemberResume(db, orgId, member.id, await resume());
    await expect(setMemberResume(db, orgId, member.id, await resume())).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many new resumes\. Try again in \d+ minutes?\.$/),
    });
  });
});

describe('contact details', () => {
  it('keeps the name, phone and links, on this board only', async () => {
    const { db, orgId, member } = await candidate();
    const input = memberContactSchema.parse({
      name: ' Ada Lovelace ',
      description: '',
      phone: ' +44 20 7946 0000 ',
      links: ['https://ada.example/'],
    });
    const out = await saveMemberContact(db, orgId, member.id, input);
    expect(out.name).toBe('Ada Lovelace');
    expect(await findMember(db, orgId, member.id)).toMatchObject({
      name: 'Ada Lovelace',
      description: null,
      phone: '+44 20 7946 0000',
      links: ['https://ada.example/'],
    });
    const other = await candidate();
    await expect(saveMemberContact(db, other.orgId, member.id, input)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it.each([
    ['a link that is not http(s)', { links: ['javascript:alert(1)'] }, ['links', 0]],
    [
      'six links',
      { links: Array.from({ length: 6 }, (_, index) => `https://a.example/${index}`) },
      ['links'],
    ],
    ['a phone over 50 characters', { phone: '1'.repeat(51) }, ['phone']],
    ['no name', { name: ' ' }, ['name']],
  ])('refuses %s', (_name, change, path) => {
    const parsed = memberContactSchema.safeParse({
      name: 'Ada',
      description: '',
      phone: '',
      links: [],
      ...change,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([path]);
  });
});
