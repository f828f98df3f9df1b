import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import type { ApplicationOut } from '@/lib/applications/schemas';
import { allowedApplicationMoves } from '@/lib/applications/service';
import { ApplicationStatusBadge } from '../status-badges';
import { ApplicationStatusForm } from './application-status-form';

/** How many applications the job page lists. */
export const APPLICATIONS_SHOWN = 100;

export function JobApplications({
  jobId,
  applications,
  total,
}: {
  jobId: string;
  /** Newest first. */
  applications: ApplicationOut[];
  total: number;
}) {
  return (
    <Card className="mt-8" id="applications">
      <CardHeader>
        <CardTitle>Applications</CardTitle>
        <CardDescription>
          {total === 0
            ? 'Applications to this job will appear here, newest first.'
            : total > APPLICATIONS_SHOWN
              ? `The ${APPLICATIONS_SHOWN} newest of ${total}.`
              : `${total} application${total === 1 ? '' : 's'}, newest first.`}
        </CardDescription>
      </CardHeader>
      {applications.length > 0 ? (
        <Table
          label="Applications"
          className="[&_td:first-child]:pl-6 [&_td:last-child]:pr-6 [&_th:first-child]:pl-6 [&_th:last-child]:pr-6"
        >
          <TableHead rule="both">
            <th className="px-4 py-3 font-medium">Applicant</th>
            <th className="px-4 py-3 font-medium">Status</th>
            <th className="px-4 py-3 font-medium">Received</th>
            <th className="px-4 py-3 font-medium">Move to</th>
          </TableHead>
          <tbody>
            {applications.map((application) => (
              <tr
                key={application.id}
                className="border-b border-border last:border-0"
                data-testid="application-row"
              >
                <td className="px-4 py-3">
                  <div className="font-medium">{application.name}</div>
                  <a
                    href={`mailto:${application.email}`}
                    className="text-xs text-muted-foreground hover:underline"
                  >
                    {application.email}
                  </a>
                </td>
                <td className="px-4 py-3">
                  <ApplicationStatusBadge status={application.status} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                  <DateText value={application.created_at} style="dateTime" utc />
                </td>
                <td className="px-4 py-3">
                  <ApplicationStatusForm
                    key={application.status}
                    id={application.id}
                    name={application.name}
                    jobId={jobId}
                    moves={allowedApplicationMoves[application.status]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </Card>
  );
}
