import { Menu as MenuIcon } from 'lucide-react';
import { headers } from 'next/headers';
import type { CSSProperties, ReactNode } from 'react';
import { AnalyticsScript } from '@/components/board/analytics-script';
import { DisclosureDismiss } from '@/components/board/disclosure-dismiss';
import { SkipLink } from '@/components/ui/skip-link';
import { boardPageLinks } from '@/lib/board/queries';
import { NONCE_HEADER } from '@/lib/board/routing';
import { appUrl } from '@/lib/organizations';
import { type BoardParams, loadBoard } from './board';
import { currentMember } from './member';
import { offerOf } from './payments';

export default async function BoardLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: BoardParams;
}) {
  const board = await loadBoard((await params).board);
  const { look, href } = board;
  const [pageLinks, member, offer] = await Promise.all([
    boardPageLinks(board.db, board.org),
    currentMember((await params).board),
    offerOf(board),
  ]);
  const external = (url: string) => /^https?:/.test(url);
  return (
    <div
      className="flex min-h-screen flex-col bg-white"
      style={{ '--color-primary': look.accent } as CSSProperties}
    >
      <SkipLink />
      <header className="relative border-b border-border bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-4">
          <a
            href={href('/')}
            className="flex min-w-0 items-center gap-3 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
          >
            {look.logoUrl ? (
              // biome-ignore lint/performance/noImgElement: logos come from any host the owner uploads to; next/image would need each allowed.
              <img
                src={look.logoUrl}
                alt={look.name}
                className="h-9 w-auto max-w-32 object-contain sm:max-w-48"
                height={36}
              />
            ) : (
              <span className="truncate">{look.name}</span>
            )}
          </a>
          <nav aria-label="Main" className="flex shrink-0 items-center gap-2">
            {/* One row on narrow screens: the links fold behind Menu (see .board-menu in globals.css). */}
            <details className="board-menu">
              <summary className="board-nav-link board-menu-toggle">
                <MenuIcon aria-hidden className="size-4" /> Menu
              </summary>
              <ul className="absolute inset-x-0 top-full z-20 flex flex-col gap-1 border-b border-border bg-white p-3 text-sm font-medium shadow-md sm:static sm:flex-row sm:items-center sm:border-0 sm:p-0 sm:shadow-none">
                <li>
                  <a className="board-nav-link block" href={href('/')}>
                    Jobs
                  </a>
                </li>
                <li>
                  <a className="board-nav-link block" href={href('/blog')}>
                    Blog
                  </a>
                </li>
                {offer.plans.length > 0 && (
                  <li>
                    <a className="board-nav-link block" href={href('/pricing')}>
                      Pricing
                    </a>
                  </li>
                )}
                <li>
                  <a className="board-nav-link block" href={href(member ? '/account' : '/sign-in')}>
                    {member ? 'Your account' : 'Sign in'}
                  </a>
                </li>
                {look.navLinks.map((link) => (
                  <li key={`${link.label}-${link.url}`}>
                    <a
                      className="board-nav-link block"
                      href={external(link.url) ? link.url : href(link.url)}
                      {...(external(link.url) ? { rel: 'noopener' } : {})}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
            <DisclosureDismiss selector=".board-menu" />
            {offer.jobPlans.length > 0 && (
              <a
                className="board-button-outline h-9 px-3 text-sm whitespace-nowrap"
                href={href('/post-a-job')}
              >
                Post a job
              </a>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-border bg-muted/60">
        <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-2">
            <p className="font-semibold text-foreground">{look.name}</p>
            {look.footerText && <p className="max-w-prose whitespace-pre-line">{look.footerText}</p>}
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {pageLinks.map((page) => (
                <li key={page.slug}>
                  <a className="board-footer-link" href={href(`/${page.slug}`)}>
                    {page.title}
                  </a>
                </li>
              ))}
              <li>
                <a className="board-footer-link" href={href('/remote')}>
                  Remote jobs
                </a>
              </li>
              <li>
                <a className="board-footer-link" href={href('/companies')}>
                  Companies
                </a>
              </li>
              <li>
                <a className="board-footer-link" href={href('/alerts')}>
                  Job alerts
                </a>
              </li>
              <li>
                <a className="board-footer-link" href={href('/feed.xml')}>
                  RSS feed
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
      <AnalyticsScript
        endpoint={`${appUrl()}/api/organization/events?organization=${encodeURIComponent(board.org.slug)}`}
        nonce={(await headers()).get(NONCE_HEADER) ?? undefined}
      />
    </div>
  );
}
