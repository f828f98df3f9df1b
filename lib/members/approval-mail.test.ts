// The mail to the board's managers when an employer signs up on the board and waits for approval.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox, type Organization, users } from '@/db/schema';
import { addMember, signUp } from '@/lib/auth/users';
import { appUrl } from '@/lib/organizations';
import { updateOrganizationSettings } from '@/lib/organizations/service';
import { requestSignIn, signInWithCode } from '.';

let people = 0;
const brand = { name: 'Harbour Jobs', accent: '#1d4ed8' };

/** A board with an owner, an admin and an editor (who does not manage members). */
async function staffedBoard() {
  const db = await getDb();
  people += 1;
  const stamp = `${Date.now()}-${people}`;
  const { user: owner, organization } = await signUp(db, {
    email: `owner-${stamp}@example.com`,
    name: 'Olivia Owner',
    password: 'correct horse battery staple',
    organizationName: 'Harbour Jobs',
  });
  const teammate = async (role: 'admin' | 'editor') => {
    const [user] = await db
      .insert(users)
      .values({ email: `${role}-${stamp}@example.com`, name: role })
      .returning();
    await addMember(db, organization.id, user!.id, role);
    return user!;
  };
  const admin = await teammate('admin');
  const editor = await teammate('editor');
  return { db, organization, owner, admin, editor };
}

/** Signs `email` up on the board as `role` with the code of its sign-in mail; answers the member. */
async function signUpOnBoard(organization: Organization, email: string, role: 'employer' | 'candidate') {
  const db = await getDb();
  people += 1;
  await requestSignIn(
    db,
    organization,
    brand,
    { email, role, clientAddress: `198.51.100.${people % 250}` },
    (link) => `https://harbour.example/sign-in/verify?token=${link}`,
  );
  const [signInMail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.organizationId, organization.id),
        eq(mailOutbox.to, email),
        eq(mailOutbox.kind, 'member_sign_in'),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(signInMail!.text)![1]!;
  const result = await signInWithCode(db, organization.id, email, code);
  if (!result.ok) throw new Error(result.reason);
  return result.member;
}

const approvalMails = async (orgId: number) =>
  (await getDb())
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'employer_approval')));

describe('an employer who signs up and waits for approval', () => {
  it('is announced to every owner and admin, with a link to approve them', async () => {
    const { organization, owner, admin } = await staffedBoard();
    const member = await signUpOnBoard(organization, 'hr@acme.example', 'employer');
    expect(member.approvalStatus).toBe('pending');

    const mails = await approvalMails(organization.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, admin.email].sort());
    const link = `${appUrl()}/dashboard/members/${member.id}`;
    for (const mail of mails) {
      expect(mail).toMatchObject({
        status: 'pending',
        subject: 'hr@acme.example waits for your approval to post jobs on Harbour Jobs',
        secrets: [],
      });
      expect(mail.text).toContain('hr@acme.example signed up on Harbour Jobs as an employer.');
      expect(mail.text).toContain(`Review and approve: ${link}`);
      expect(mail.html).toContain(`href="${link}"`);
    }
  });

  it('is not announced again when they sign in later', async () => {
    const { organization } = await staffedBoard();
    await signUpOnBoard(organization, 'jobs@bolt.example', 'employer');
    await signUpOnBoard(organization, 'jobs@bolt.example', 'employer');
    // The sign-up's two, to the owner and the admin; the second sign-in adds none.
    expect(await approvalMails(organization.id)).toHaveLength(2);
  });
});

describe('no approval mail', () => {
  it('when the board approves employers by itself', async () => {
    const { db, organization } = await staffedBoard();
    await updateOrganizationSettings(db, organization, { members: { employers_need_approval: false } });
    const member = await signUpOnBoard(organization, 'talent@cove.example', 'employer');
    expect(member.approvalStatus).toBe('approved');
    expect(await approvalMails(organization.id)).toEqual([]);
  });

  it('for a job seeker', async () => {
    const { organization } = await staffedBoard();
    await signUpOnBoard(organization, 'sam@example.com', 'candidate');
    expect(await approvalMails(organization.id)).toEqual([]);
  });
});
