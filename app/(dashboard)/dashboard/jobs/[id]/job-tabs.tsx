import { TabNav } from '../../_components/tab-nav';

/** A job's two pages: its edit form and its applicants. */
export function JobTabs({
  jobId,
  current,
  applicants,
}: {
  jobId: string;
  current: 'edit' | 'applicants';
  applicants: number;
}) {
  const edit = `/dashboard/jobs/${jobId}`;
  const tabs = [
    { href: edit, label: 'Edit' },
    { href: `${edit}/applicants`, label: `Applicants (${applicants})` },
  ];
  return <TabNav label="Job" tabs={tabs} current={current === 'edit' ? edit : `${edit}/applicants`} />;
}
