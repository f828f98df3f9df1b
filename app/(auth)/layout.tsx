import { BriefcaseBusiness } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

/** Sign-in and sign-up pages have nothing for a search index. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-lg font-semibold">
        <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <BriefcaseBusiness className="size-4" />
        </span>
        Boardkit
      </Link>
      <div className="w-full max-w-sm">{children}</div>
    </main>
  );
}
