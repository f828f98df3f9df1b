import {
  BellRing,
  Blocks,
  BookOpen,
  BriefcaseBusiness,
  Building2,
  ChartColumn,
  CircleUserRound,
  CloudDownload,
  CreditCard,
  FileText,
  FolderTree,
  IdCard,
  Images,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LockKeyhole,
  LogOut,
  Mail,
  MapPin,
  Menu,
  Newspaper,
  Settings,
  Tags,
  Users,
  UsersRound,
  Webhook,
} from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LocaleProvider } from '@/components/ui/date-text';
import { SkipLink } from '@/components/ui/skip-link';
import { requireMembership } from '@/lib/auth/session';
import { signOutAction } from '../../(auth)/actions';
import { switchOrganizationAction } from './actions';
import { NavLink } from './nav-link';

export const dynamic = 'force-dynamic';

/** A board owner's workspace: never in a search index. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

const navigation = [
  { href: '/dashboard', label: 'Overview', icon: <LayoutDashboard /> },
  { href: '/dashboard/jobs', label: 'Jobs', icon: <BriefcaseBusiness /> },
  { href: '/dashboard/applications', label: 'Applications', icon: <Inbox /> },
  { href: '/dashboard/job-sources', label: 'Job sources', icon: <CloudDownload /> },
  { href: '/dashboard/companies', label: 'Companies', icon: <Building2 /> },
  { href: '/dashboard/categories', label: 'Categories', icon: <FolderTree /> },
  { href: '/dashboard/locations', label: 'Locations', icon: <MapPin /> },
  { href: '/dashboard/pages', label: 'Pages', icon: <FileText /> },
  { href: '/dashboard/blog', label: 'Blog', icon: <Newspaper /> },
  { href: '/dashboard/authors', label: 'Authors', icon: <UsersRound /> },
  { href: '/dashboard/members', label: 'Board members', icon: <IdCard /> },
  { href: '/dashboard/alerts', label: 'Job alerts', icon: <BellRing /> },
  { href: '/dashboard/plans', label: 'Plans', icon: <Tags /> },
  { href: '/dashboard/payments', label: 'Payments', icon: <CreditCard /> },
  { href: '/dashboard/mail', label: 'Mail', icon: <Mail /> },
  { href: '/dashboard/media', label: 'Media', icon: <Images /> },
  { href: '/dashboard/cms', label: 'Collections', icon: <Blocks /> },
  { href: '/dashboard/salaries', label: 'Salaries', icon: <ChartColumn /> },
  { href: '/dashboard/api-keys', label: 'API keys', icon: <KeyRound /> },
  { href: '/dashboard/secrets', label: 'Secrets', icon: <LockKeyhole /> },
  { href: '/dashboard/webhooks', label: 'Webhooks', icon: <Webhook /> },
  { href: '/dashboard/team', label: 'Team', icon: <Users /> },
  { href: '/dashboard/settings', label: 'Settings', icon: <Settings /> },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { organization, memberships, role } = await requireMembership();
  return (
    <div className="flex min-h-screen flex-col bg-muted md:flex-row">
      <SkipLink />
      <aside
        aria-label="Dashboard"
        className="relative flex shrink-0 flex-col border-b border-border bg-white md:w-60 md:border-r md:border-b-0"
      >
        <div className="flex items-center gap-2 px-5 py-4 font-semibold md:py-5">
          <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <BriefcaseBusiness className="size-4" />
          </span>
          Boardkit
        </div>
        {/* Behind a Menu button on a phone, so the page starts on the first screen; always open from md
            (globals.css), where it is the column beside the page. */}
        <details className="dashboard-menu md:flex md:flex-1 md:flex-col">
          <summary className="absolute top-3 right-3 flex cursor-pointer list-none items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm font-medium [&::-webkit-details-marker]:hidden">
            <Menu aria-hidden className="size-4" /> Menu
          </summary>
          <div className="px-3 pb-3">
            {memberships.length > 1 ? (
              <form action={switchOrganizationAction} className="grid gap-1">
                <select
                  name="organizationId"
                  defaultValue={organization.id}
                  aria-label="Organization"
                  className="h-9 rounded-md border border-border bg-white px-2 text-sm"
                >
                  {memberships.map((m) => (
                    <option key={m.organization.id} value={m.organization.id}>
                      {m.organization.name}
                    </option>
                  ))}
                </select>
                <Button type="submit" variant="ghost" size="sm">
                  Switch
                </Button>
              </form>
            ) : (
              <div className="rounded-md bg-muted px-3 py-2">
                <p className="truncate text-sm font-medium" data-testid="organization-name">
                  {organization.name}
                </p>
                <p className="break-all text-xs text-muted-foreground">
                  {organization.slug} · {role}
                </p>
              </div>
            )}
          </div>
          <nav aria-label="Main" className="grid gap-0.5 px-3">
            {navigation.map((item) => (
              <NavLink key={item.href} href={item.href} icon={item.icon}>
                {item.label}
              </NavLink>
            ))}
            <Link
              href="/docs"
              className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground [&_svg]:size-4"
            >
              <BookOpen /> API reference
            </Link>
          </nav>
          <div className="mt-3 grid gap-0.5 border-t border-border p-3 md:mt-auto">
            <NavLink href="/dashboard/account" icon={<CircleUserRound />}>
              Your account
            </NavLink>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" className="w-full justify-start text-muted-foreground">
                <LogOut /> Sign out
              </Button>
            </form>
          </div>
        </details>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-10 md:py-8">
        <div className="mx-auto max-w-4xl">
          <LocaleProvider locale={organization.locale}>{children}</LocaleProvider>
        </div>
      </main>
    </div>
  );
}
