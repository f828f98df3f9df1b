import { Lock } from 'lucide-react';

/** Where gated content would be: what it takes to see it, and the way there. */
export function PaywallNotice({
  heading,
  pricingHref,
  signInHref,
}: {
  heading: string;
  pricingHref: string;
  /** Offered to visitors who are not signed in: they may already subscribe. */
  signInHref: string | null;
}) {
  return (
    <div className="paywalled-content rounded-lg border border-border bg-zinc-50 p-6 text-center">
      <Lock aria-hidden className="mx-auto mb-3 size-6 text-zinc-600" />
      <p className="text-lg font-semibold">{heading}</p>
      <p className="mt-1 text-zinc-700">Subscribers see every job in full and can apply.</p>
      <p className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <a href={pricingHref} className="board-button">
          See subscription plans
        </a>
        {signInHref && (
          <a href={signInHref} className="board-link">
            Already subscribed? Sign in
          </a>
        )}
      </p>
    </div>
  );
}
