// The receipt a member gets for every payment that goes through.
import type { Member, Organization, Payment, Plan } from '@/db/schema';
import { formatDate } from '@/lib/core/format';
import { formatMoney } from '@/lib/core/money';
import type { Db } from '@/lib/core/transaction';
import { queueMail, renderMail } from '@/lib/mail';
import { boardUrl, resolveLook } from '@/lib/organizations';

const intervalWords: Record<string, string> = { month: 'per month', year: 'per year', one_time: 'one-time' };

export async function receiptMail(
  tx: Db,
  org: Organization,
  member: Member,
  plan: Plan,
  payment: Payment,
): Promise<void> {
  const look = resolveLook(org.name, org.board);
  const amount = formatMoney(payment.amount, payment.currency, org.locale);
  const date = formatDate(payment.updatedAt, org.locale, 'long');
  const mail = renderMail(
    { name: look.name, accent: look.accent },
    {
      subject: `Your receipt from ${look.name}: ${amount}`,
      heading: `Thank you for your payment`,
      paragraphs: [
        `${plan.name} (${intervalWords[plan.interval] ?? plan.interval}): ${amount}, paid on ${date}.`,
        `Receipt number: ${payment.id}`,
      ],
      button: { label: 'Your account', url: `${boardUrl(org)}/account` },
      footer: [`You get this message because you paid ${look.name} with this address.`],
    },
  );
  await queueMail(tx, {
    kind: 'payment_receipt',
    organizationId: org.id,
    to: member.email,
    ...mail,
  });
}
