// Every API route module, so the OpenAPI document can describe them all (a test keeps this complete).

import * as application from '../applications/[id]/route';
import * as applications from '../applications/route';
import * as asset from '../assets/[id]/route';
import * as assets from '../assets/route';
import * as author from '../authors/[id]/route';
import * as authors from '../authors/route';
import * as categories from '../categories/route';
import * as cmsItem from '../cms/[slug]/[id]/route';
import * as cmsCollection from '../cms/[slug]/route';
import * as cmsCollections from '../cms/route';
import * as cronCms from '../cron/cms/route';
import * as cronWebhooks from '../cron/webhooks/route';
import * as health from '../health/route';
import * as jobApplications from '../jobs/[id]/applications/route';
import * as job from '../jobs/[id]/route';
import * as jobs from '../jobs/route';
import * as locations from '../locations/route';
import * as publicCmsItems from '../organization/cms/[slug]/route';
import * as publicCmsSubmit from '../organization/cms/[slug]/submit/route';
import * as organization from '../organization/route';
import * as page from '../pages/[id]/route';
import * as pages from '../pages/route';
import * as salaries from '../salaries/route';
import * as secret from '../secrets/[name]/route';
import * as secrets from '../secrets/route';
import * as webhookDeliveryRetry from '../webhooks/[id]/deliveries/[delivery_id]/retry/route';
import * as webhookDelivery from '../webhooks/[id]/deliveries/[delivery_id]/route';
import * as webhookDeliveries from '../webhooks/[id]/deliveries/route';
import * as webhookRotateSecret from '../webhooks/[id]/rotate-secret/route';
import * as webhook from '../webhooks/[id]/route';
import * as webhookTest from '../webhooks/[id]/test/route';
import * as webhookEvents from '../webhooks/events/route';
import * as webhooks from '../webhooks/route';
import * as openapi from './route';

export const routeModules: Record<string, unknown>[] = [
  health,
  openapi,
  organization,
  jobs,
  job,
  jobApplications,
  categories,
  locations,
  applications,
  application,
  salaries,
  secrets,
  secret,
  webhooks,
  webhook,
  webhookEvents,
  webhookRotateSecret,
  webhookTest,
  webhookDeliveries,
  webhookDelivery,
  webhookDeliveryRetry,
  cronWebhooks,
  pages,
  page,
  authors,
  author,
  assets,
  asset,
  cmsCollections,
  cmsCollection,
  cmsItem,
  publicCmsItems,
  publicCmsSubmit,
  cronCms,
];
