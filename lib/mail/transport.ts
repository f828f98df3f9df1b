// Outgoing mail behind one function: SMTP when SMTP_URL is set, else Resend's API when
// RESEND_API_KEY is, else the dev mailbox (one .eml file per message under MAIL_DIR, readable with
// any mail client). Business code never checks which.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/core/env';
import { newId } from '@/lib/core/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

let transport: Transporter | undefined;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * An SMTP server on this machine (a relay or a test mailbox) often offers STARTTLS with a
 * self-signed certificate; verifying it would protect nothing on loopback, so it is skipped there
 * and only there.
 */
function smtpTransport(url: string): Transporter {
  const target = new URL(url);
  if (LOOPBACK.has(target.hostname) && !target.searchParams.has('tls.rejectUnauthorized'))
    target.searchParams.set('tls.rejectUnauthorized', 'false');
  transport ??= nodemailer.createTransport(target.toString());
  return transport;
}

/** The sender: MAIL_FROM, else a no-reply address at the app's host. */
export function mailFrom(): string {
  const config = env();
  return config.MAIL_FROM ?? `Boardkit <no-reply@${new URL(config.APP_URL).hostname}>`;
}

/** Sends one message; resolves once the SMTP server accepted it or the dev mailbox file is written. */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = env();
  const envelope = { from: mailFrom(), ...message };
  if (config.SMTP_URL) {
    await smtpTransport(config.SMTP_URL).sendMail(envelope);
    return;
  }
  if (config.RESEND_API_KEY) {
    await sendWithResend(config.RESEND_API_URL, config.RESEND_API_KEY, envelope);
    return;
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(envelope);
  const dir = path.resolve(config.MAIL_DIR);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`),
    built.message as Buffer,
  );
}

/** Resend's POST /emails; a refusal throws with Resend's message, so the outbox retries and logs it. */
async function sendWithResend(
  baseUrl: string,
  apiKey: string,
  message: MailMessage & { from: string },
): Promise<void> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: message.from,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      reply_to: message.replyTo,
      headers: message.headers,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(`Resend answered ${response.status}: ${body.message ?? response.statusText}`);
  }
}

/** Test hook: the next message builds its transport from the environment again. */
export function resetMailTransport(): void {
  transport?.close();
  transport = undefined;
}
