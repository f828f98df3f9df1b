import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listAuthors } from '@/lib/authors/service';
import { env } from '@/lib/core/env';
import type { PageKind } from '@/lib/pages/schemas';
import { getPage } from '@/lib/pages/service';
import { recordOr404 } from '../_components/record-or-404';
import { PageHeader } from '../page-header';
import { kindCopy } from './labels';
import { PageEditor } from './page-editor';

// Pages live under /dashboard/pages, posts under /dashboard/blog, so the sidebar marks the right list.

export async function NewContentPage({ kind }: { kind: PageKind }) {
  const { organization } = await requireMembership();
  const authors = kind === 'blog_post' ? await listAuthors(await getDb(), organization.id) : [];
  const copy = kindCopy[kind];
  return (
    <>
      <PageHeader
        title={copy.newLabel}
        description={
          <Link href={copy.listPath} className="text-link">
            ← All {copy.many}
          </Link>
        }
      />
      <PageEditor kind={kind} authors={authors} baseUrl={env().APP_URL} />
    </>
  );
}

const findContent = cache(async (id: string, kind: PageKind) => {
  const { organization } = await requireMembership();
  const page = await recordOr404(id, async (pageId) => getPage(await getDb(), organization.id, pageId));
  if (page.type !== kind) redirect(`${kindCopy[page.type].listPath}/${page.id}`);
  return { organization, page };
});

/** The editor's title: the page's own, in its list. */
export async function editContentMetadata(id: string, kind: PageKind): Promise<Metadata> {
  const { page } = await findContent(id, kind);
  return { title: `${page.title} · ${kindCopy[kind].title} · Boardkit` };
}

export async function EditContentPage({ id, kind }: { id: string; kind: PageKind }) {
  const { organization, page } = await findContent(id, kind);
  const db = await getDb();
  const authors = kind === 'blog_post' ? await listAuthors(db, organization.id) : [];
  const copy = kindCopy[kind];
  return (
    <>
      <PageHeader
        title={kind === 'blog_post' ? 'Edit post' : 'Edit page'}
        description={
          <Link href={copy.listPath} className="text-link">
            ← All {copy.many}
          </Link>
        }
      />
      <PageEditor kind={kind} page={page} authors={authors} baseUrl={env().APP_URL} />
    </>
  );
}
