import { ArrowLeft, Download, ExternalLink } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { getDb } from '@/db/client';
import {
  type Applicant,
  allowedApplicationMoves,
  getApplicant,
  listNotes,
  otherApplicationsOf,
  resumeLink,
} from '@/lib/applications';
import type { ApplicationStatus } from '@/lib/applications/schemas';
import { requireMembership } from '@/lib/auth/session';
import { recordOr404 } from '../../_components/record-or-404';
import { ApplicationStatusBadge } from '../../jobs/status-badges';
import { PageHeader } from '../../page-header';
import { ApplicantStatusForm, Notes, RatingForm } from './review-forms';

type Params = { params: Promise<{ id: string }> };

const findApplicant = cache(async (id: string) => {
  const membership = await requireMembership('applications.review');
  const applicant = await recordOr404(id, async (applicationId) =>
    getApplicant(await getDb(), membership.organization.id, applicationId),
  );
  return { ...membership, applicant };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { applicant } = await findApplicant((await params).id);
  return { title: `${applicant.name} · Applicants · Boardkit` };
}

/** The signed link as a path of this site: the preview is framed by the site only. */
function signedPath(id: string, disposition?: 'inline'): string {
  const link = new URL(resumeLink(id));
  if (disposition) link.searchParams.set('disposition', disposition);
  return `${link.pathname}${link.search}`;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function answerText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Resume({ applicant }: { applicant: Applicant }) {
  const { resume } = applicant;
  if (!resume) return <p className="text-sm text-muted-foreground">No résumé was sent.</p>;
  if (resume.kind === 'link')
    return (
      <p className="text-sm">
        <a
          href={resume.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-link break-all"
        >
          Open the résumé the applicant linked <ExternalLink aria-hidden className="inline size-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    );
  return (
    <div className="grid gap-3">
      {resume.isPdf ? (
        <iframe
          src={signedPath(applicant.id, 'inline')}
          title={`Résumé of ${applicant.name} (${resume.filename})`}
          className="h-96 max-h-[70vh] w-full sm:h-[32rem] rounded-md border border-border bg-muted"
          data-testid="resume-preview"
        />
      ) : (
        <p className="text-sm text-muted-foreground">A Word document: download it to read it.</p>
      )}
      <div>
        <Button asChild variant="outline" size="sm">
          <a href={signedPath(applicant.id)} download={resume.filename}>
            <Download aria-hidden /> Download {resume.filename}
          </a>
        </Button>
      </div>
    </div>
  );
}

export default async function ApplicantPage({ params }: Params) {
  const { organization, userId, applicant } = await findApplicant((await params).id);
  const db = await getDb();
  const [notes, others] = await Promise.all([
    listNotes(db, organization.id, applicant.id),
    otherApplicationsOf(db, organization.id, applicant),
  ]);
  const answers = Object.entries(applicant.answers ?? {});
  return (
    <>
      <PageHeader
        title={applicant.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            Applied for{' '}
            <Link href={`/dashboard/jobs/${applicant.job_id}/applicants`} className="text-link">
              {applicant.jobTitle}
            </Link>
            <span aria-hidden>·</span>
            <ApplicationStatusBadge status={applicant.status} />
          </span>
        }
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={`/dashboard/jobs/${applicant.job_id}/applicants`}>
              <ArrowLeft /> All applicants
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Application</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3">
                <Detail term="Email">
                  <a href={`mailto:${applicant.email}`} className="text-link">
                    {applicant.email}
                  </a>
                </Detail>
                <Detail term="Phone">
                  {applicant.phone ? (
                    <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`} className="text-link">
                      {applicant.phone}
                    </a>
                  ) : (
                    '—'
                  )}
                </Detail>
                <Detail term="Applied">
                  <DateText value={applicant.created_at} style="dateTime" utc />
                </Detail>
                <Detail term="Source">
                  {applicant.source === 'board' ? 'The board’s apply form' : applicant.source}
                </Detail>
                <Detail term="Status">
                  <ApplicationStatusBadge status={applicant.status} />
                </Detail>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Cover letter</CardTitle>
            </CardHeader>
            <CardContent>
              {applicant.cover_letter ? (
                <p
                  className="whitespace-pre-wrap break-words text-sm leading-relaxed"
                  data-testid="cover-letter"
                >
                  {/* A browser sends a textarea's line breaks as CRLF. */}
                  {applicant.cover_letter.replace(/\r\n?/g, '\n')}
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">No cover letter.</p>
              )}
            </CardContent>
          </Card>
          {answers.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>Answers</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-3">
                  {answers.map(([question, answer]) => (
                    <Detail key={question} term={question}>
                      <span className="whitespace-pre-wrap">{answerText(answer)}</span>
                    </Detail>
                  ))}
                </dl>
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle>Résumé</CardTitle>
            </CardHeader>
            <CardContent>
              <Resume applicant={applicant} />
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Status</CardTitle>
            </CardHeader>
            <CardContent>
              <ApplicantStatusForm
                id={applicant.id}
                name={applicant.name}
                moves={allowedApplicationMoves[applicant.status]}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Rating</CardTitle>
            </CardHeader>
            <CardContent>
              <RatingForm id={applicant.id} rating={applicant.rating} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Notes</CardTitle>
            </CardHeader>
            <CardContent>
              <Notes
                applicationId={applicant.id}
                notes={notes.map((note) => ({
                  id: note.id,
                  body: note.body,
                  createdAt: note.createdAt.toISOString(),
                  author: note.author,
                  own: note.authorId === userId,
                }))}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Other applications</CardTitle>
            </CardHeader>
            <CardContent>
              {others.length === 0 ? (
                <p className="text-sm text-muted-foreground">None to the board’s other jobs.</p>
              ) : (
                <ul className="grid gap-2" data-testid="other-applications">
                  {others.map((other) => (
                    <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <Link href={`/dashboard/applications/${other.id}`} className="text-link">
                        {other.jobTitle}
                      </Link>
                      <span className="flex items-center gap-2 text-xs text-muted-foreground">
                        <DateText value={other.createdAt} />
                        <ApplicationStatusBadge status={other.status as ApplicationStatus} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
