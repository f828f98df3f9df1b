// The mail an applicant gets when their application moves on: one template per target status and
// organization, switched on by the owner. Sent from the one status change (service.ts), so a move
// in the dashboard and a PATCH through the API tell the applicant alike.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Application, applicationMailTemplates, jobs, organizations } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { queueMail, renderMail } from '@/lib/mail';
import { resolveLook } from '@/lib/organizations';
import { type MailedStatus, type MailTemplateInput, mailedStatuses } from './review-schemas';
import type { ApplicationStatus } from './schemas';

export interface MailTemplate {
  status: MailedStatus;
  enabled: boolean;
  subject: string;
  body: string;
  /** Never saved: the default text, off. */
  isDefault: boolean;
}

/** What a board says until its owner writes its own; each is off until switched on. */
export const defaultMailTemplates: Record<MailedStatus, { subject: string; body: string }> = {
  reviewed: {
    subject: 'Your application for {{job_title}}',
    body: 'Hello {{name}},\n\nThank you for applying for {{job_title}}. We have read your application and will be in touch about the next steps.\n\nBest regards,\n{{board_name}}',
  },
  shortlisted: {
    subject: 'Next steps for {{job_title}}',
    body: 'Hello {{name}},\n\nGood news: you are on our shortlist for {{job_title}}. We will contact you soon to arrange the next step.\n\nBest regards,\n{{board_name}}',
  },
  hired: {
    subject: 'Welcome aboard: {{job_title}}',
    body: 'Hello {{name}},\n\nWe are delighted to offer you the position of {{job_title}}. We will be in touch with the details.\n\nBest regards,\n{{board_name}}',
  },
  rejected: {
    subject: 'Your application for {{job_title}}',
    body: 'Hello {{name}},\n\nThank you for your interest in {{job_title}} and for the time you put into your application. After careful consideration, we have decided not to move forward with it.\n\nWe wish you every success in your search.\n\nKind regards,\n{{board_name}}',
  },
};

const statusWords: Record<ApplicationStatus, string> = {
  pending: 'pending',
  reviewed: 'reviewed',
  shortlisted: 'shortlisted',
  hired: 'hired',
  rejected: 'not selected',
};

/**
 * The template with `{{placeholder}}`s replaced in one pass, so a value that itself reads like a
 * placeholder (an applicant named "{{board_name}}") stays as typed; unknown ones stay as written.
 * HTML escaping is renderMail's, for every value alike.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? values[key]! : whole,
  );
}

const isMailed = (status: ApplicationStatus): status is MailedStatus =>
  (mailedStatuses as readonly string[]).includes(status);

/** Every status's template, the organization's own or the default, in pipeline order. */
export async function listMailTemplates(db: Db, orgId: number): Promise<MailTemplate[]> {
  const rows = await db
    .select()
    .from(applicationMailTemplates)
    .where(eq(applicationMailTemplates.organizationId, orgId));
  return mailedStatuses.map((status) => {
    const row = rows.find((candidate) => candidate.status === status);
    return row
      ? { status, enabled: row.enabled, subject: row.subject, body: row.body, isDefault: false }
      : { status, enabled: false, ...defaultMailTemplates[status], isDefault: true };
  });
}

export async function saveMailTemplate(db: Database, orgId: number, input: MailTemplateInput) {
  const values = { enabled: input.enabled, subject: input.subject, body: input.body, updatedAt: new Date() };
  await db
    .insert(applicationMailTemplates)
    .values({ organizationId: orgId, status: input.status, ...values })
    .onConflictDoUpdate({
      target: [applicationMailTemplates.organizationId, applicationMailTemplates.status],
      set: values,
    });
  return (await listMailTemplates(db, orgId)).find((template) => template.status === input.status)!;
}

/**
 * Queues, in the caller's transaction, the mail for `application` having moved to its status, when
 * the organization switched that status's template on. Returns the outbox row's id, or null.
 */
export async function queueStatusMail(
  tx: Db,
  orgId: number,
  application: Application,
): Promise<string | null> {
  const status = application.status as ApplicationStatus;
  if (!isMailed(status)) return null;
  const [template] = await tx
    .select()
    .from(applicationMailTemplates)
    .where(
      and(
        eq(applicationMailTemplates.organizationId, orgId),
        eq(applicationMailTemplates.status, status),
        eq(applicationMailTemplates.enabled, true),
      ),
    )
    .limit(1);
  if (!template) return null;
  const [context] = await tx
    .select({ jobTitle: jobs.title, boardName: organizations.name, board: organizations.board })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, application.jobId)))
    .limit(1);
  if (!context) return null;
  const look = resolveLook(context.boardName, context.board);
  // A subject is one header line: whatever the values hold, no line break gets into it.
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
  const values = {
    name: application.name,
    job_title: context.jobTitle,
    board_name: look.name,
    status: statusWords[status],
  };
  const subject = oneLine(fillTemplate(template.subject, values));
  const paragraphs = fillTemplate(template.body, values)
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const mail = renderMail(
    { name: look.name, accent: look.accent },
    {
      subject,
      heading: subject,
      paragraphs,
      footer: [`You get this message because you applied for ${oneLine(context.jobTitle)} on ${look.name}.`],
    },
  );
  return queueMail(tx, {
    kind: 'application_status',
    organizationId: orgId,
    to: application.email,
    ...mail,
  });
}
