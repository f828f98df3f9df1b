import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import type { AppError } from '@/lib/core/errors';
import { transaction } from '@/lib/core/transaction';
import { createOrganization } from '@/lib/organizations/service';
import { startSmtpServer } from '@/test/fixtures/smtp';
import { queueMail, resetMailTransport, runMailWorker, sendFailedMailAgain, sendMail } from '.';

/** A stand-in for Resend's API on loopback: keeps each request, answers `status`. */
async function startResendApi(status = 200) {
  const requests: { authorization?: string; body: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(status === 200 ? { id: 're_1' } : { message: 'The domain is not verified.' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => server.close() };
}

afterEach(() => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_API_URL;
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

  it('sends through Resend’s API with RESEND_API_KEY, and reports its refusal', async () => {
    const api = await startResendApi();
    try {
      process.env.RESEND_API_KEY = 're_test_key';
      process.env.RESEND_API_URL = api.url;
      process.env.MAIL_FROM = 'Jobs <jobs@example.org>';
      resetEnvCache();
      await sendMail({
        to: 'seeker@example.org',
        subject: 'New job',
        text: 'A job',
        html: '<p>A job</p>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      expect(api.requests).toEqual([
        {
          authorization: 'Bearer re_test_key',
          body: {
            from: 'Jobs <jobs@example.org>',
            to: ['seeker@example.org'],
            subject: 'New job',
            text: 'A job',
            html: '<p>A job</p>',
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
        },
      ]);
    } finally {
      api.close();
    }
    const refusing = await startResendApi(403);
    try {
      process.env.RESEND_API_URL = refusing.url;
      resetEnvCache();
      await expect(sendMail({ to: 'a@example.org', subject: 'x', text: 'y' })).rejects.toThrow(
        'Resend answered 403: The domain is not verified.',
      );
    } finally {
      refusing.close();
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

  it('gives failed messages one more attempt when asked, never a sign-in code, only the board’s own', async () => {
    const db = await getDb();
    const [board, other] = await Promise.all(
      ['Resend', 'Other'].map((name) => createOrganization(db, { name: `${name} ${randomUUID()}` })),
    );
    const stored = async (organizationId: number, kind: string, status: 'failed' | 'sent', to: string) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message(to), kind, organizationId, status, attempts: 6, lastError: 'ECONNREFUSED' })
        .returning({ id: mailOutbox.id });
      return row!.id;
    };
    const failed = await stored(board!.id, 'alert_instant', 'failed', 'alert@example.org');
    const code = await stored(board!.id, 'member_sign_in', 'failed', 'member@example.org');
    const sent = await stored(board!.id, 'payment_receipt', 'sent', 'buyer@example.org');
    const elsewhere = await stored(other!.id, 'alert_instant', 'failed', 'other@example.org');
    const refusal = (id: string) =>
      sendFailedMailAgain(db, board!.id, { id }).then(
        () => 'queued',
        (error: AppError) => `${error.code}: ${error.message}`,
      );
    expect(await refusal(elsewhere)).toBe('not_found: This message is not in the mail log.');
    expect(await refusal(code)).toMatch(/^conflict: A sign-in code expires/);
    expect(await refusal(sent)).toBe('conflict: This message has been sent meanwhile.');

    const server = await startSmtpServer();
    try {
      process.env.SMTP_URL = server.url;
      resetEnvCache();
      expect(await sendFailedMailAgain(db, board!.id, { id: failed })).toBe(1);
      expect(await refusal(failed)).toBe('conflict: This message is already waiting to be sent.');
      expect(await runMailWorker(db)).toEqual({ sent: 1, failed: 0 });
      expect(server.received.map((mail) => mail.to)).toEqual([['alert@example.org']]);
    } finally {
      await server.close();
    }

    // Still refused: the one more attempt fails it again at once, with no new schedule.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    resetEnvCache();
    resetMailTransport();
    const later = await stored(board!.id, 'alert_digest', 'failed', 'digest@example.org');
    expect(await sendFailedMailAgain(db, board!.id, 'all')).toBe(1);
    expect(await runMailWorker(db)).toEqual({ sent: 0, failed: 1 });
    const statuses = await db
      .select({ id: mailOutbox.id, status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [failed, code, sent, elsewhere, later]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, [row.status, row.attempts]]))).toEqual({
      [failed]: ['sent', 7],
      [code]: ['failed', 6],
      [sent]: ['sent', 6],
      [elsewhere]: ['failed', 6],
      [later]: ['failed', 7],
    });
  });
});
