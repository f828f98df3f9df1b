import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listAuthors } from '@/lib/authors/service';
import { env } from '@/lib/core/env';
import { AppError } from '@/lib/core/errors';
import type { PageKind } from '@/lib/pages/schemas';
import { getPage } from '@/lib/pages/service';
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

export async function EditContentPage({ id, kind }: { id: string; kind: PageKind }) {
  const { organization } = await requireMembership();
  const pageId = z.uuid().safeParse(id);
  if (!pageId.success) notFound();
  const db = await getDb();
  const page = await getPage(db, organization.id, pageId.data).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  });
  if (page.type !== kind) redirect(`${kindCopy[page.type].listPath}/${page.id}`);
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
