import { CircleCheck } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

const providerNames = { local: 'the local test checkout', stripe: 'Stripe' } as const;

/** What a board that has sold nothing yet needs, step by step, each step ticked once it is done. */
export function StartSelling({
  provider,
  plansOnSale,
  pricingUrl,
}: {
  provider: keyof typeof providerNames | null;
  plansOnSale: number;
  /** The board's pricing page, where members buy. */
  pricingUrl: string;
}) {
  return (
    <Card className="px-6 py-10" data-testid="payments-empty">
      <div className="mx-auto grid max-w-lg gap-5">
        <div className="text-center">
          <p className="font-medium">No payments yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Your board sells job posts to employers and reader access to visitors. Three steps to your first
            sale:
          </p>
        </div>
        <ol className="grid gap-4">
          <Step number={1} done={provider !== null} title="Choose how you get paid">
            {provider ? (
              <>
                Members pay through {providerNames[provider]}. Change it in{' '}
                <Link href="/dashboard/settings/payments" className="text-primary underline">
                  Settings
                </Link>
                .
              </>
            ) : (
              <>
                In{' '}
                <Link href="/dashboard/settings/payments" className="text-primary underline">
                  Settings
                </Link>
                , connect Stripe, or turn on the local test checkout to try everything without real money.
              </>
            )}
          </Step>
          <Step number={2} done={plansOnSale > 0} title="Add what you sell">
            {plansOnSale > 0
              ? `${plansOnSale} plan${plansOnSale === 1 ? ' is' : 's are'} on sale. Change what you sell in `
              : 'Create job posts, job-post allowances or reader access in '}
            <Link href="/dashboard/plans" className="text-primary underline">
              Plans
            </Link>
            .
          </Step>
          <Step number={3} done={false} title="Members buy on your board">
            Plans on sale are offered on your board’s{' '}
            <a href={pricingUrl} className="text-primary underline" target="_blank" rel="noopener">
              pricing page
            </a>
            . What members buy there, and your revenue per month, appear on this page.
          </Step>
        </ol>
      </div>
    </Card>
  );
}

function Step({
  number,
  done,
  title,
  children,
}: {
  number: number;
  done: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3" data-testid="selling-step" data-done={done}>
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          done ? 'bg-success/10 text-success' : 'bg-muted text-muted-foreground',
        )}
        aria-hidden
      >
        {done ? <CircleCheck className="size-5" /> : number}
      </span>
      <div className="grid gap-0.5 text-sm">
        <p className="font-medium">
          {title}
          {done ? <span className="sr-only"> (done)</span> : null}
        </p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}
