import { PaywallNotice } from '@/components/board/paywall-notice';
import { jsonLdScript, paywalledPageJsonLd } from '@/lib/board/job-posting';
import type { Board } from '../board';

/** A collection behind the paywall, as visitors without a subscription see it. */
export function GatedCollection({
  board,
  collection,
  path,
  signedIn,
}: {
  board: Board;
  collection: { name: string; description: string | null };
  path: string;
  signedIn: boolean;
}) {
  const structuredData = jsonLdScript(paywalledPageJsonLd(board.url(path)));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (jsonLdScript), a data block no browser runs */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{collection.name}</h1>
        {collection.description && <p className="text-zinc-700">{collection.description}</p>}
      </header>
      <PaywallNotice
        heading={`${collection.name} is for subscribers`}
        pricingHref={board.href('/pricing')}
        signInHref={signedIn ? null : board.href(`/sign-in?next=${encodeURIComponent(path)}`)}
      />
    </div>
  );
}
