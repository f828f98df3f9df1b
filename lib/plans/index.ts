// The plans domain's public module: what a board sells, and the plans its pricing page offers.
export {
  activePlans,
  createPlan,
  defaultPlanCurrency,
  deletePlan,
  findPlan,
  getPlan,
  listPlans,
  plansInUse,
  toPlanOut,
  updatePlan,
} from './service';
