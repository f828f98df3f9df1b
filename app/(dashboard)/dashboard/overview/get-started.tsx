import { BriefcaseBusiness, Cookie, Share2 } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { CopyableValue } from '@/components/ui/copyable-value';
import { countOf } from './numbers';

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-4"
      >
        {icon}
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <h3 className="font-medium">{title}</h3>
        {children}
      </div>
    </li>
  );
}

/** In place of charts while nobody has visited: how a board gets its first visitors. */
export function GetStarted({
  span,
  boardUrl,
  liveJobs,
}: {
  span: string;
  boardUrl: string;
  liveJobs: number;
}) {
  return (
    <Card className="p-6">
      <section aria-labelledby="get-started-heading">
        <h2 id="get-started-heading" className="text-lg font-semibold">
          Your first visitors will show up here
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          No one has visited your board in {span}. Visitors, job views and applications appear here a few
          seconds after they happen.
        </p>
        <ol className="mt-6 grid gap-6">
          <Step icon={<Share2 />} title="Share your board’s link">
            <p className="text-sm text-muted-foreground">
              Post it on LinkedIn, in your newsletter, or on your careers page.
            </p>
            <CopyableValue
              value={boardUrl}
              testId="share-board-url"
              copyLabel="Copy your board’s link"
              className="max-w-lg"
            />
          </Step>
          <Step icon={<BriefcaseBusiness />} title="Post jobs">
            <p className="text-sm text-muted-foreground">
              {liveJobs === 0
                ? 'Your board has no live jobs yet. '
                : `${countOf(liveJobs, 'job is', 'jobs are')} live. `}
              Every job gets its own page that search engines and job sites can find.{' '}
              <Link href="/dashboard/jobs/new" className="font-medium text-link">
                Post a job
              </Link>
            </p>
            <p className="text-sm text-muted-foreground">
              Already listing jobs on Greenhouse, Lever, Ashby or in an XML feed? Your board can import them
              and keep them in step.{' '}
              <Link href="/dashboard/job-sources" className="font-medium text-link">
                Add a job source
              </Link>
            </p>
          </Step>
          <Step icon={<Cookie />} title="Nothing to install">
            <p className="text-sm text-muted-foreground">
              Your board counts visits without cookies and without storing anyone’s address, so there is no
              consent banner to add. Your own visits while you are signed in here are not counted.
            </p>
          </Step>
        </ol>
      </section>
    </Card>
  );
}
