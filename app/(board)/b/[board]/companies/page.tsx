import type { Metadata } from 'next';
import { CompanyLogo } from '@/components/board/company-logo';
import { JsonLd } from '@/components/board/json-ld';
import { boardCompanies } from '@/lib/board/queries';
import { breadcrumbJsonLd } from '@/lib/board/structured-data';
import { type BoardParams, boardMetadata, loadBoard } from '../board';

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Companies hiring · ${board.look.name}`,
    description: `The companies with open jobs on ${board.look.name}.`,
    path: '/companies',
  });
}

export default async function CompaniesPage({ params }: { params: BoardParams }) {
  const board = await loadBoard((await params).board);
  const companies = await boardCompanies(board.db, board.org);
  return (
    <div className="space-y-8">
      <JsonLd
        data={[breadcrumbJsonLd([{ name: board.look.name, url: board.url('/') }, { name: 'Companies' }])]}
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Companies hiring</h1>
        <p className="text-zinc-700">The companies with open jobs on {board.look.name}.</p>
      </header>
      {companies.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-zinc-700">
          No company has open jobs right now.{' '}
          <a href={board.href('/')} className="board-link">
            See all jobs
          </a>
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {companies.map((company) => (
            <li
              key={company.id}
              className="relative flex items-center gap-3 rounded-lg border border-border bg-white p-4 transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-primary"
            >
              <CompanyLogo name={company.name} company={company} />
              <div className="min-w-0">
                <a
                  href={board.href(`/companies/${company.slug}`)}
                  className="font-semibold after:absolute after:inset-0 focus-visible:outline-none"
                >
                  {company.name}
                </a>
                <p className="text-sm text-zinc-700">
                  {company.live} open {company.live === 1 ? 'job' : 'jobs'}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
