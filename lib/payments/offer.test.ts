// What a board sells (boardOffer) and whom each plan is for (purchaseBlocks).
import { describe, expect, it } from 'vitest';
import { createTestPlan, memberOf, sellingBoard } from '@/test/factories';
import { boardOffer, purchaseBlocks } from './offer';
import { putPaymentSettings } from './settings';

describe('what the board offers', () => {
  it('offers the active plans, cheapest first, only once a provider takes the money', async () => {
    const { db, orgId, jobPack, reader } = await sellingBoard({ provider: null });
    await createTestPlan(orgId, {
      name: 'Old pack',
      kind: 'job_post',
      interval: 'one_time',
      isActive: false,
    });
    expect(await boardOffer(db, orgId)).toEqual({ plans: [], jobPlans: [], paywallPlans: [] });

    await putPaymentSettings(db, orgId, { provider: 'local' });
    const offer = await boardOffer(db, orgId);
    expect(offer.plans.map((plan) => plan.name)).toEqual([reader.name, jobPack.name]);
    expect(offer.jobPlans.map((plan) => plan.id)).toEqual([jobPack.id]);
    expect(offer.paywallPlans.map((plan) => plan.id)).toEqual([reader.id]);
  });

  it('tells job seekers and employers waiting for approval why a job plan is not for them', async () => {
    const { db, orgId, jobPack, reader } = await sellingBoard();
    const offered = [jobPack, reader];
    const candidate = await purchaseBlocks(db, orgId, await memberOf(orgId, 'candidate'), offered);
    expect([...candidate]).toEqual([
      [jobPack.id, 'Job posts are for employer accounts. Sign in with an employer account to post a job.'],
    ]);
    const pending = await purchaseBlocks(db, orgId, await memberOf(orgId, 'employer', 'pending'), offered);
    expect(pending.get(jobPack.id)).toMatch(/waiting for approval/);
    expect(pending.has(reader.id)).toBe(false);
    expect((await purchaseBlocks(db, orgId, await memberOf(orgId), offered)).size).toBe(0);
  });
});
