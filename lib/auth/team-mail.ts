import type { MembershipRole, Organization } from '@/db/schema';
import { formatDate } from '@/lib/core/format';
import { renderMail } from '@/lib/mail';
import { resolveLook } from '@/lib/organizations';

/** What each role may do, in the words of an invitation. */
export const roleWords: Record<MembershipRole, string> = {
  owner: 'run everything, billing and the team included',
  admin: 'run the board: settings, members, keys and webhooks',
  editor: 'write jobs, pages, posts and collection items',
};

/** The invitation: who asks, for which organization and role, and the link (good for 7 days, once). */
export function teamInvitationMail(input: {
  organization: Pick<Organization, 'name' | 'board' | 'locale'>;
  inviter: string;
  role: MembershipRole;
  url: string;
  expiresAt: Date;
}) {
  const look = resolveLook(input.organization.name, input.organization.board);
  const organization = input.organization.name;
  return renderMail(
    { name: look.name, accent: look.accent },
    {
      subject: `${input.inviter} invited you to ${organization} on Boardkit`,
      heading: `Join ${organization} on Boardkit`,
      paragraphs: [
        `${input.inviter} invited you to the team of ${organization} as an ${input.role}: you could ${roleWords[input.role]}.`,
        `The link works once, until ${formatDate(input.expiresAt, input.organization.locale, 'long')}. If you have no Boardkit account yet, you create one on the way.`,
      ],
      button: { label: 'Accept the invitation', url: input.url, secret: true },
      footer: ['If you did not expect this, ignore this email: nothing happens without the link.'],
    },
  );
}
