import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/core/env';
import { startSmtpServer } from '@/test/fixtures/smtp';
import { resetMailTransport, sendMail } from '.';

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
  resetMailTransport();
});

describe('sendMail', () => {
  it('delivers over SMTP, through STARTTLS with a self-signed certificate on loopback', async () => {
    const server = await startSmtpServer({ starttls: true });
    try {
      process.env.SMTP_URL = server.url;
      process.env.MAIL_FROM = 'Jobs <jobs@example.org>';
      resetEnvCache();
      await sendMail({
        to: 'owner@example.org',
        subject: 'Héllo',
        text: 'Body text',
        replyTo: 'ada@example.com',
      });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]).toMatchObject({ from: 'jobs@example.org', to: ['owner@example.org'] });
      expect(server.received[0]!.raw).toContain('Body text');
    } finally {
      await server.close();
    }
  });

  it('writes to the dev mailbox without SMTP_URL', async () => {
    await sendMail({ to: 'owner@example.org', subject: 'Dev mailbox', text: 'Kept on disk' });
    const dir = path.resolve(process.env.MAIL_DIR!);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
    const texts = await Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
    expect(texts.some((text) => text.includes('Subject: Dev mailbox') && text.includes('Kept on disk'))).toBe(
      true,
    );
  });
});
