import { ExternalLink } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CompanyLogo } from '@/components/board/company-logo';
import { companyJsonLd } from '@/lib/board/structured-data';
import { getCompanyBySlug } from '@/lib/companies';
import { loadBoard } from '../../board';
import { LandingListing, landingMetadata, type SearchParams } from '../../landing';

type Params = Promise<{ board: string; slug: string }>;

const loadCompany = cache(async (boardSlug: string, slug: string) => {
  const board = await loadBoard(boardSlug);
  const company = await getCompanyBySlug(board.db, board.org.id, decodeURIComponent(slug));
  if (!company) notFound();
  return { board, company };
});

const siteName = (website: string) => website.replace(/^https?:\/\//, '').replace(/\/$/, '');

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, company } = await loadCompany(boardSlug, slug);
  return landingMetadata(board, searchParams, {
    title: `Jobs at ${company.name} · ${board.look.name}`,
    description: company.description ?? `Open jobs at ${company.name} on ${board.look.name}, newest first.`,
    path: `/companies/${company.slug}`,
    card: {
      title: `Jobs at ${company.name}`,
      details: company.description ? [company.description] : [],
      logoUrl: company.logoUrl,
    },
  });
}

export default async function CompanyPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { board: boardSlug, slug } = await params;
  const { board, company } = await loadCompany(boardSlug, slug);
  const path = `/companies/${company.slug}`;
  return (
    <LandingListing
      board={board}
      searchParams={searchParams}
      path={path}
      heading={`Jobs at ${company.name}`}
      intro={
        <div className="flex items-start gap-4">
          <CompanyLogo name={company.name} company={{ logo_url: company.logoUrl }} size="lg" />
          <div className="min-w-0 space-y-2">
            <p className="whitespace-pre-line">
              {company.description ?? `Open roles at ${company.name} on ${board.look.name}, newest first.`}
            </p>
            {company.website && (
              <a
                href={company.website}
                rel="noopener nofollow"
                className="board-link inline-flex items-center gap-1 break-all"
              >
                {siteName(company.website)} <ExternalLink aria-hidden className="size-3.5" />
              </a>
            )}
          </div>
        </div>
      }
      trail={[{ name: 'Companies', url: board.url('/companies') }]}
      structuredData={[
        companyJsonLd({
          name: company.name,
          url: board.url(path),
          logoUrl: company.logoUrl,
          website: company.website,
          description: company.description,
        }),
      ]}
      fixedFilters={{ company_id: company.id }}
      alertSearch={{ q: company.name }}
    />
  );
}
