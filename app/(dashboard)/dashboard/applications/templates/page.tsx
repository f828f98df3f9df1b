import type { Metadata } from 'next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { listMailTemplates } from '@/lib/applications';
import { requireMembership } from '@/lib/auth/session';
import { applicationStatusLabels } from '../../jobs/status-badges';
import { PageHeader } from '../../page-header';
import { TemplateForm } from './template-form';

export const metadata: Metadata = { title: 'Status mails · Applicants · Boardkit' };

const when: Record<string, string> = {
  reviewed: 'When you have looked at an application.',
  shortlisted: 'When an applicant makes your shortlist.',
  hired: 'When you hire an applicant.',
  rejected: 'When you decide not to go on with an application.',
};

export default async function StatusMailsPage() {
  const { organization } = await requireMembership('applications.review');
  const templates = await listMailTemplates(await getDb(), organization.id);
  return (
    <>
      <PageHeader
        title="Status mails"
        description="What an applicant is told when their application moves on. Each mail is off until you switch it on."
      />
      <Card className="mb-6">
        <CardContent className="pt-6 text-sm">
          <p>
            Write plain text; a blank line starts a new paragraph. These words are replaced for each
            applicant: <code className="rounded bg-muted px-1">{'{{name}}'}</code>,{' '}
            <code className="rounded bg-muted px-1">{'{{job_title}}'}</code>,{' '}
            <code className="rounded bg-muted px-1">{'{{board_name}}'}</code> and{' '}
            <code className="rounded bg-muted px-1">{'{{status}}'}</code>. The mail goes out in your board’s
            colours, with a line saying why it came.
          </p>
        </CardContent>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        {templates.map((template) => (
          <Card key={template.status} data-testid={`template-${template.status}`}>
            <CardHeader>
              <CardTitle>
                {applicationStatusLabels[template.status]}{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  · {template.enabled ? 'On' : 'Off'}
                </span>
              </CardTitle>
              <CardDescription>{when[template.status]}</CardDescription>
            </CardHeader>
            <CardContent>
              <TemplateForm template={template} />
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
