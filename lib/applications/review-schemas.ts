// The dashboard's own contract for reviewing applicants: notes, a rating and the status mails.
// Not part of the API (its Application stays as the spec states); importable by client components.
import { z } from 'zod';
import type { ApplicationStatus } from './schemas';

/** The statuses an applicant may be told about by mail: every move's target (pending is no move's). */
export const mailedStatuses = [
  'reviewed',
  'shortlisted',
  'hired',
  'rejected',
] as const satisfies readonly ApplicationStatus[];
export type MailedStatus = (typeof mailedStatuses)[number];

export const mailedStatusSchema = z.enum(mailedStatuses, { error: 'Unknown status.' });

/** A browser sends a textarea's line breaks as CRLF; stored text has LF. */
const lines = (value: string) => value.replace(/\r\n?/g, '\n');

export const noteBodySchema = z
  .string()
  .transform(lines)
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: 'Write a note first.' })
      .max(5000, { error: 'A note is at most 5,000 characters.' }),
  );

/** 1–5, or null for no rating. */
export const ratingSchema = z.union([
  z.null(),
  z
    .number({ error: 'Choose a rating from 1 to 5.' })
    .int({ error: 'Choose a rating from 1 to 5.' })
    .min(1, { error: 'Choose a rating from 1 to 5.' })
    .max(5, { error: 'Choose a rating from 1 to 5.' }),
]);

export const mailTemplateSchema = z.object({
  status: mailedStatusSchema,
  enabled: z.boolean(),
  subject: z
    .string()
    .trim()
    .min(1, { error: 'Enter a subject.' })
    .max(200, { error: 'A subject is at most 200 characters.' }),
  body: z
    .string()
    .transform(lines)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: 'Enter the message.' })
        .max(10_000, { error: 'A message is at most 10,000 characters.' }),
    ),
});
export type MailTemplateInput = z.output<typeof mailTemplateSchema>;
