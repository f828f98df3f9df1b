import type { Metadata } from 'next';
import { AlertList } from '@/components/board/alert-list';
import { ProfileForm } from '@/components/board/member-forms';
import { alertsOf } from '@/lib/alerts';
import { applicationsOfMember } from '@/lib/applications';
import { unsubscribeOwnAlertAction } from '../alerts/actions';
import { type BoardParams, boardMetadata, loadBoard } from '../board';
import { requireMember } from '../member';
import { saveProfileAction, signOutAction } from './actions';

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Your account · ${board.look.name}`,
    description: 'Your profile, job alerts and applications.',
    path: '/account',
    noindex: true,
  });
}

const statusLabels: Record<string, string> = {
  pending: 'Sent',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  rejected: 'Not selected',
  hired: 'Hired',
};

export default async function AccountPage({ params }: { params: BoardParams }) {
  const slug = (await params).board;
  const { board, member } = await requireMember(slug, '/account');
  const [applications, alerts] = await Promise.all([
    applicationsOfMember(board.db, board.org.id, member.id),
    alertsOf(board.db, board.org.id, { email: member.email, memberId: member.id }),
  ]);
  const unsubscribe = unsubscribeOwnAlertAction.bind(null, slug);
  const signOut = signOutAction.bind(null, slug);
  return (
    <div className="mx-auto max-w-2xl space-y-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Your account</h1>
        <p className="mt-1 text-zinc-700">
          Signed in as <strong>{member.email}</strong> ·{' '}
          {member.role === 'employer' ? 'Employer' : 'Job seeker'}
          {member.approvalStatus === 'pending' && ' · waiting for approval by the board'}
        </p>
      </header>

      <section aria-labelledby="profile-heading" className="rounded-lg border border-border p-6">
        <h2 id="profile-heading" className="mb-4 text-lg font-semibold">
          Profile
        </h2>
        <ProfileForm
          action={saveProfileAction.bind(null, slug)}
          initial={{
            name: member.name,
            description: member.description ?? '',
            picture: member.profilePicture,
          }}
        />
      </section>

      <section aria-labelledby="applications-heading" className="rounded-lg border border-border p-6">
        <h2 id="applications-heading" className="mb-4 text-lg font-semibold">
          Your applications
        </h2>
        {applications.length === 0 ? (
          <p className="text-zinc-700">
            None yet.{' '}
            <a className="font-medium text-primary underline" href={board.href('/')}>
              Find a job
            </a>
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {applications.map((application) => (
              <li key={application.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                <span>
                  <a
                    className="font-medium text-primary underline"
                    href={board.href(`/jobs/${application.jobSlug}`)}
                  >
                    {application.jobTitle}
                  </a>{' '}
                  <span className="text-zinc-700">at {application.companyName}</span>
                </span>
                <span className="text-sm text-zinc-700">
                  {statusLabels[application.status] ?? application.status} ·{' '}
                  <time dateTime={application.createdAt.toISOString()}>
                    {application.createdAt.toLocaleDateString('en-GB', { dateStyle: 'medium' })}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="alerts-heading" className="rounded-lg border border-border p-6">
        <h2 id="alerts-heading" className="mb-4 text-lg font-semibold">
          Your job alerts
        </h2>
        {alerts.length > 0 && (
          <AlertList
            alerts={alerts}
            unsubscribe={unsubscribe}
            className="-mx-4 mb-4 divide-y divide-border"
          />
        )}
        <p className="text-zinc-700">
          {alerts.length === 0 && 'None yet. '}
          <a className="font-medium text-primary underline" href={board.href('/alerts')}>
            Create a job alert
          </a>
        </p>
      </section>

      <section aria-labelledby="sessions-heading" className="rounded-lg border border-border p-6">
        <h2 id="sessions-heading" className="mb-4 text-lg font-semibold">
          Sign out
        </h2>
        <div className="flex flex-wrap gap-3">
          <form action={signOut}>
            <button type="submit" className="board-button-outline">
              Sign out
            </button>
          </form>
          <form action={signOut}>
            <input type="hidden" name="everywhere" value="1" />
            <button type="submit" className="board-button-outline">
              Sign out on every device
            </button>
          </form>
        </div>
      </section>
    </div>
  );
}
