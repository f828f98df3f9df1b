// The mail log never shows what acts for a recipient (sign-in codes, confirm and manage links);
// the message itself goes out whole.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { transaction } from '@/lib/core/transaction';
import { createTenant } from '@/test/factories';
import { queueMail, renderMail } from '.';
import { HIDDEN_SECRET, listMailLog, maskSecrets } from './log';

const brand = { name: 'Fjord Jobs', accent: '#1d4ed8' };

describe('secrets in mail', () => {
  it('are the code and the links marked secret, not the other links', () => {
    const mail = renderMail(brand, {
      subject: 'Sign in: 123456',
      heading: 'Sign in',
      paragraphs: [],
      code: '123456',
      items: [{ label: 'A job', url: 'https://fjord.example/jobs/a' }],
      button: { label: 'Sign in', url: 'https://fjord.example/verify?token=abc', secret: true },
      footer: [],
      footerLinks: [
        { label: 'Manage', url: 'https://fjord.example/manage?token=def', secret: true },
        { label: 'About', url: 'https://fjord.example/about' },
      ],
    });
    expect(mail.secrets).toEqual([
      '123456',
      'https://fjord.example/verify?token=abc',
      'https://fjord.example/manage?token=def',
    ]);
  });

  it('are masked whole, every time they appear, the longest first', () => {
    const link = 'https://fjord.example/verify?token=123456abc';
    expect(maskSecrets(`Code 123456, or ${link}; again 123456`, ['123456', link])).toBe(
      `Code ${HIDDEN_SECRET}, or ${HIDDEN_SECRET}; again ${HIDDEN_SECRET}`,
    );
    expect(maskSecrets('nothing to hide', [''])).toBe('nothing to hide');
  });

  it('show masked in the log, and whole only when revealed', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const rendered = renderMail(brand, {
      subject: 'Your sign-in code: 654321',
      heading: 'Sign in',
      paragraphs: ['Type the code.'],
      code: '654321',
      button: { label: 'Sign in', url: 'https://fjord.example/verify?token=xyz', secret: true },
      footer: [],
    });
    await transaction(db, (tx) =>
      queueMail(tx, {
        kind: 'member_sign_in',
        organizationId: organization.id,
        to: 'a@example.com',
        ...rendered,
      }),
    );
    const [logged] = (await listMailLog(db, organization.id, { page: 1, per_page: 10 })).mails;
    expect(logged!.subject).toBe(`Your sign-in code: ${HIDDEN_SECRET}`);
    expect(logged!.text).not.toContain('654321');
    expect(logged!.text).not.toContain('token=xyz');
    expect(logged!.text).toContain(`Sign in: ${HIDDEN_SECRET}`);
    expect(logged).not.toHaveProperty('html');
    expect(logged).not.toHaveProperty('secrets');
    const [revealed] = (await listMailLog(db, organization.id, { page: 1, per_page: 10, reveal: true }))
      .mails;
    expect(revealed!.subject).toBe('Your sign-in code: 654321');
    expect(revealed!.text).toContain('https://fjord.example/verify?token=xyz');
  });
});

describe('the mail log', () => {
  it('finds a recipient by part of the address, any case, its wildcards taken as text', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const other = await createTenant();
    const queue = (organizationId: number, to: string) =>
      queueMail(db, { kind: 'alert_instant', organizationId, to, subject: 'Jobs', text: 'Jobs' });
    for (const to of [
      'Ada.Lovelace@example.com',
      'ada_l@example.org',
      'adaxl@example.org',
      'grace@example.com',
    ])
      await queue(organization.id, to);
    await queue(other.organization.id, 'ada.lovelace@example.com');
    const found = async (recipient: string) =>
      (await listMailLog(db, organization.id, { page: 1, per_page: 10, recipient })).mails.map(
        (mail) => mail.to,
      );
    expect(await found('ada.lovelace')).toEqual(['Ada.Lovelace@example.com']);
    expect((await found('ADA')).sort()).toEqual([
      'Ada.Lovelace@example.com',
      'ada_l@example.org',
      'adaxl@example.org',
    ]);
    expect(await found('ada_l')).toEqual(['ada_l@example.org']);
    expect(await found('%')).toEqual([]);
    const { pagination } = await listMailLog(db, organization.id, {
      page: 1,
      per_page: 10,
      recipient: ' example.org ',
    });
    expect(pagination.total_items).toBe(2);
  });
});
