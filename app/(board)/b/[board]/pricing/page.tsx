import type { Metadata } from 'next';
import { PricingCard, planCardContent } from '@/components/board/pricing-card';
import { memberBilling, purchaseBlocks } from '@/lib/payments';
import type { PlanOut } from '@/lib/plans/schemas';
import { type Board, type BoardParams, boardMetadata, loadBoard } from '../board';
import { currentMember } from '../member';
import { offerOf } from '../payments';
import { buyPlanAction } from './actions';

type Search = Promise<{ unavailable?: string }>;

export async function generateMetadata({ params }: { params: BoardParams }): Promise<Metadata> {
  const board = await loadBoard((await params).board);
  return boardMetadata(board, {
    title: `Pricing · ${board.look.name}`,
    description: `Job posts and reader access on ${board.look.name}.`,
    path: '/pricing',
  });
}

/** The plans on sale as pricing cards, grouped by who they are for when the board sells both. */
export default async function PricingPage({
  params,
  searchParams,
}: {
  params: BoardParams;
  searchParams: Search;
}) {
  const slug = (await params).board;
  const board = await loadBoard(slug);
  const [offer, member] = await Promise.all([offerOf(board), currentMember(slug)]);
  const [blocks, billing] = member
    ? await Promise.all([
        purchaseBlocks(board.db, board.org.id, member, offer.plans),
        memberBilling(board.db, board.org.id, member.id),
      ])
    : [new Map<string, string>(), null];
  const unavailable = (await searchParams).unavailable === '1';

  if (offer.plans.length === 0) {
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-lg border border-border p-8 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Pricing</h1>
        <p className="text-zinc-700">This board does not sell anything yet.</p>
        <a className="board-button-outline" href={board.href('/')}>
          See the jobs
        </a>
      </div>
    );
  }

  const groups = [
    {
      id: 'employers',
      title: 'For employers',
      intro: 'Write your job first; you choose a plan and pay when you post it.',
      plans: offer.jobPlans,
    },
    {
      id: 'readers',
      title: 'For readers',
      intro: 'Full access to everything on the board.',
      plans: offer.paywallPlans,
    },
  ].filter((group) => group.plans.length > 0);
  const grouped = groups.length > 1;
  const buy = buyPlanAction.bind(null, slug);
  const control = (plan: PlanOut) => (
    <BuyControl
      board={board}
      plan={plan}
      block={blocks.get(plan.id)}
      hasAccess={billing?.hasValidPaywallSubscription ?? false}
      buy={buy}
    />
  );

  return (
    <div className="space-y-10">
      <header className="max-w-2xl space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Pricing</h1>
        <p className="text-zinc-700">
          {member
            ? `Signed in as ${member.email}.`
            : 'Sign in or create a free account with your email to buy; you come back here after.'}
        </p>
      </header>
      {unavailable && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          That plan cannot be bought right now. The plans below are what {board.look.name} offers today.
        </p>
      )}
      {groups.map((group) => (
        <section
          key={group.id}
          aria-labelledby={grouped ? `${group.id}-heading` : undefined}
          aria-label={grouped ? undefined : group.title}
          className="space-y-4"
        >
          {grouped && (
            <div>
              <h2 id={`${group.id}-heading`} className="text-xl font-semibold">
                {group.title}
              </h2>
              <p className="text-zinc-700">{group.intro}</p>
            </div>
          )}
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {group.plans.map((plan) => (
              <li key={plan.id}>
                <PricingCard
                  {...planCardContent(plan, board.org.locale)}
                  headingLevel={grouped ? 'h3' : 'h2'}
                >
                  {control(plan)}
                </PricingCard>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * What a card offers this visitor: why not (a job plan for a job seeker), the job form for job
 * plans, or a button that starts the checkout. The plan's name in hidden text tells the buttons apart.
 */
function BuyControl({
  board,
  plan,
  block,
  hasAccess,
  buy,
}: {
  board: Board;
  plan: PlanOut;
  block: string | undefined;
  hasAccess: boolean;
  buy: (form: FormData) => Promise<void>;
}) {
  if (block) return <p className="text-sm text-zinc-700">{block}</p>;
  if (plan.kind !== 'paywall') {
    return (
      <a className="board-button w-full" href={board.href(`/post-a-job?plan=${plan.id}`)}>
        Post a job<span className="sr-only"> with {plan.name}</span>
      </a>
    );
  }
  if (hasAccess) {
    return (
      <p className="text-sm text-zinc-700">
        You have reader access.{' '}
        <a className="board-link" href={board.href('/account#billing-heading')}>
          See your subscription
        </a>
      </p>
    );
  }
  return (
    <form action={buy}>
      <input type="hidden" name="plan" value={plan.id} />
      <button type="submit" className="board-button w-full">
        {plan.interval === 'one_time' ? (
          <>
            Buy<span className="sr-only"> {plan.name}</span>
          </>
        ) : (
          <>
            Subscribe<span className="sr-only"> to {plan.name}</span>
          </>
        )}
      </button>
    </form>
  );
}
