import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { transaction } from '@/lib/core/transaction';
import { startSmtpServer } from '@/test/fixtures/smtp';
import { queueMail, resetMailTransport, runMailWorker, sendMail } from '.';

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

describe('the mail outbox', () => {
  const message = (to: string) => ({
    kind: 'test',
    organizationId: null,
    to,
    subject: 'Your code',
    text: 'Code 123456',
    html: '<p>Code <strong>123456</strong></p>',
    headers: { 'List-Unsubscribe': '<https://example.org/u/1>' },
  });

  it('queues in the transaction of the change, and the worker sends after commit', async () => {
    const server = await startSmtpServer();
    try {
      process.env.SMTP_URL = server.url;
      resetEnvCache();
      const db = await getDb();
      await expect(
        transaction(db, async (tx) => {
          await queueMail(tx, message('rolled-back@example.org'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      const id = await transaction(db, (tx) => queueMail(tx, message('kept@example.org')));
      expect(await runMailWorker(db)).toEqual({ sent: 1, failed: 0 });
      expect(server.received.map((mail) => mail.to)).toEqual([['kept@example.org']]);
      expect(server.received[0]!.raw).toContain('List-Unsubscribe: <https://example.org/u/1>');
      expect(server.received[0]!.raw).toContain('Content-Type: text/html');
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(await runMailWorker(db)).toEqual({ sent: 0, failed: 0 });
    } finally {
      await server.close();
    }
  });

  it('retries a refused send on a schedule, then gives up', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    resetEnvCache();
    const db = await getDb();
    const id = await queueMail(db, message('later@example.org'));
    let now = new Date();
    expect(await runMailWorker(db, { now: () => now })).toEqual({ sent: 0, failed: 1 });
    let [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(48_000);
    // Not due yet: nothing is tried.
    expect(await runMailWorker(db, { now: () => now })).toEqual({ sent: 0, failed: 0 });
    for (let attempt = 2; attempt <= 6; attempt++) {
      now = new Date(now.getTime() + 8 * 60 * 60_000);
      expect(await runMailWorker(db, { now: () => now })).toEqual({ sent: 0, failed: 1 });
    }
    [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
  });
});
