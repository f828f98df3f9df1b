import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { assets } from '@/db/schema';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant } from '@/test/factories';
import { createMember, deleteMember, MAX_PICTURE_BYTES, setMemberPicture, updateMember } from '.';

beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

const png = (background: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background } })
    .png()
    .toBuffer();

/** The files stored for one member of one organization. */
async function storedPictures(orgId: number, memberId: string): Promise<string[]> {
  const folder = path.join(process.env.MEDIA_DIR!, 'members', String(orgId), memberId);
  return readdir(folder).catch(() => []);
}

describe('a member’s picture', () => {
  it('goes onto the profile, hosted on the CDN', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'pic@example.com',
      name: 'Pia',
      role: 'candidate',
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3346c4' } })
      .png()
      .toBuffer();
    const updated = await setMemberPicture(db, organization.id, member.id, {
      bytes: png,
      filename: 'me.png',
    });
    expect(updated.profilePicture).toMatch(/^http.+\.png$/);
    // The same bytes again reuse the asset.
    const again = await setMemberPicture(db, organization.id, member.id, {
      bytes: png,
      filename: 'again.png',
    });
    expect(again.profilePicture).toBe(updated.profilePicture);
  });

  it('refuses what is not an image, and more than 5 MB', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'doc@example.com',
      name: 'Doc',
      role: 'candidate',
    });
    await expect(
      setMemberPicture(db, organization.id, member.id, {
        bytes: Buffer.from('%PDF-1.4\n'),
        filename: 'cv.pdf',
      }),
    ).rejects.toMatchObject({ code: 'unsupported_media_type' });
    await expect(
      setMemberPicture(db, organization.id, member.id, {
        bytes: new Uint8Array(MAX_PICTURE_BYTES + 1),
        filename: 'huge.png',
      }),
    ).rejects.toMatchObject({ code: 'file_too_large' });
  });

  it('keeps only the picture in use: replaced ones are removed, none enters the media library (20 uploads left 20 assets)', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'p@example.com',
      name: 'P',
      role: 'candidate',
    });
    let last = '';
    for (const colour of ['#ff0000', '#00ff00', '#0000ff']) {
      last = (
        await setMemberPicture(db, organization.id, member.id, {
          bytes: await png(colour),
          filename: 'me.png',
        })
      ).profilePicture!;
    }
    // Removal follows the commit, detached from the request.
    await expect.poll(() => storedPictures(organization.id, member.id)).toEqual([last.split('/').pop()]);
    expect(await db.select().from(assets).where(eq(assets.organizationId, organization.id))).toHaveLength(0);

    // A picture set through the API (another URL) also lets the stored one go.
    await updateMember(db, organization.id, member.id, { profilePicture: 'https://example.com/me.png' });
    await expect.poll(() => storedPictures(organization.id, member.id)).toEqual([]);

    await setMemberPicture(db, organization.id, member.id, {
      bytes: await png('#123456'),
      filename: 'me.png',
    });
    await deleteMember(db, organization.id, member.id);
    await expect.poll(() => storedPictures(organization.id, member.id)).toEqual([]);
  });

  it('takes at most 10 new pictures an hour from one member', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
    try {
      const db = await getDb();
      const { organization } = await createTenant();
      const member = await createMember(db, organization.id, {
        email: 'q@example.com',
        name: 'Q',
        role: 'candidate',
      });
      const other = await createMember(db, organization.id, {
        email: 'r@example.com',
        name: 'R',
        role: 'candidate',
      });
      const bytes = await png('#abcdef');
      for (let i = 0; i < 10; i += 1) {
        await setMemberPicture(db, organization.id, member.id, { bytes, filename: 'me.png' });
      }
      await expect(
        setMemberPicture(db, organization.id, member.id, { bytes, filename: 'me.png' }),
      ).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(
        setMemberPicture(db, organization.id, other.id, { bytes, filename: 'me.png' }),
      ).resolves.toMatchObject({ id: other.id });
    } finally {
      vi.useRealTimers();
    }
  });
});
