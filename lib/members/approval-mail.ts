// The mail to the board's managers when a new employer waits for approval: without it, the sign-up
// (and the sale it leads to) waits silently until someone opens the members page.
import { eq } from 'drizzle-orm';
import { organizations } from '@/db/schema';
import { emailsOfTeammatesFor, noticeSettingsLink } from '@/lib/auth';
import type { Db } from '@/lib/core/transaction';
import { queueMails, renderMail } from '@/lib/mail';
import { appUrl, resolveLook } from '@/lib/organizations';
import type { MemberOut } from './schemas';

/** Tells every teammate who may approve members, in the caller's transaction (the sign-up's). */
export async function queueApprovalRequest(tx: Db, orgId: number, member: MemberOut): Promise<void> {
  const recipients = await emailsOfTeammatesFor(tx, orgId, 'employer_approval');
  const [org] = await tx
    .select({ name: organizations.name, board: organizations.board })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org || recipients.length === 0) return;
  const look = resolveLook(org.name, org.board);
  const mail = renderMail(
    { name: look.name, accent: look.accent },
    {
      subject: `${member.email} waits for your approval to post jobs on ${org.name}`,
      heading: 'An employer waits for your approval',
      paragraphs: [
        `${member.email} signed up on ${org.name} as an employer.`,
        'They can post jobs, and pay for them, once you approve their account. Until then their account says it waits for the board’s approval.',
      ],
      button: { label: 'Review and approve', url: `${appUrl()}/dashboard/members/${member.id}` },
      footer: [`You get this message because you manage the board members of ${org.name} on Boardkit.`],
      footerLinks: [noticeSettingsLink()],
    },
  );
  await queueMails(
    tx,
    recipients.map((to) => ({ kind: 'employer_approval', organizationId: orgId, to, ...mail })),
  );
}
