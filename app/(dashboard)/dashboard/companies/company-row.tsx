import { ExternalLink } from 'lucide-react';
import Link from 'next/link';
import { CompanyLogo } from '@/components/board/company-logo';
import { Button } from '@/components/ui/button';
import type { CompanyOut } from '@/lib/companies/schemas';

export function companyJobCounts(company: Pick<CompanyOut, 'job_count' | 'live_job_count'>): string {
  if (company.job_count === 0) return 'No jobs yet';
  return `${company.job_count} job${company.job_count === 1 ? '' : 's'} · ${company.live_job_count} live`;
}

/** A company in the list: its logo and name, its jobs, its page on the board and, for managers, its editor. */
export function CompanyRow({ company, canManage }: { company: CompanyOut; canManage: boolean }) {
  const editor = `/dashboard/companies/${company.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="company-row">
      <CompanyLogo name={company.name} company={company} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {canManage ? (
            <Link href={editor} className="hover:underline">
              {company.name}
            </Link>
          ) : (
            company.name
          )}
        </p>
        <p className="text-xs text-muted-foreground">{companyJobCounts(company)}</p>
      </div>
      <Button asChild variant="ghost" size="sm">
        <a href={company.url} target="_blank" rel="noopener">
          View page <ExternalLink />
          <span className="sr-only"> of {company.name} (opens in a new tab)</span>
        </a>
      </Button>
      {canManage ? (
        <Button asChild variant="outline" size="sm">
          <Link href={editor}>
            Edit <span className="sr-only">{company.name}</span>
          </Link>
        </Button>
      ) : null}
    </li>
  );
}
