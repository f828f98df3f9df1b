// Every API route module, so the OpenAPI document can describe them all (a test keeps this complete).

import * as application from '../applications/[id]/route';
import * as applications from '../applications/route';
import * as categories from '../categories/route';
import * as health from '../health/route';
import * as jobApplications from '../jobs/[id]/applications/route';
import * as job from '../jobs/[id]/route';
import * as jobs from '../jobs/route';
import * as organization from '../organization/route';
import * as salaries from '../salaries/route';
import * as openapi from './route';

export const routeModules: Record<string, unknown>[] = [
  health,
  openapi,
  organization,
  jobs,
  job,
  jobApplications,
  categories,
  applications,
  application,
  salaries,
];
