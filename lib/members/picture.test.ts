import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createTenant } from '@/test/factories';
import { createMember, MAX_PICTURE_BYTES, setMemberPicture } from '.';

describe('a member’s picture', () => {
  it('goes into the board’s media library and onto the profile', async () => {
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
});
