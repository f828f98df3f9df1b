// npm run db:seed: a demo organization, its owner's login and an API key, printed once.
import { createApiKey } from '@/lib/auth/api-keys';
import { findUserByEmail, listMemberships, signUp } from '@/lib/auth/users';
import { appUrl, boardUrl } from '@/lib/organizations';
import { exitWithError, withConfiguredDatabase } from './cli-support';
import { seedDemoBoard } from './seed-board';

const demo = {
  name: 'Demo Owner',
  email: 'demo@boardkit.local',
  password: 'boardkit-demo',
  organizationName: 'Demo Board',
};

try {
  await withConfiguredDatabase(async (db) => {
    const existing = await findUserByEmail(db, demo.email);
    const organization = existing
      ? (await listMemberships(db, existing.id))[0]?.organization
      : (await signUp(db, demo)).organization;
    if (!organization) throw new Error(`${demo.email} exists but belongs to no organization.`);
    const { plaintext } = await createApiKey(db, organization.id, { name: 'Seed key' });
    const seeded = await seedDemoBoard(db, organization.id);
    console.log(`Demo organization: ${organization.name} (slug ${organization.slug}, id ${organization.id})
Dashboard login:   ${demo.email} / ${demo.password}${existing ? ' (already existed)' : ''}
API key:           ${plaintext}
Board:             ${boardUrl(organization)}${seeded ? ' (10 jobs, a blog post and a page added)' : ''}

Try: curl -H "x-api-key: ${plaintext}" ${appUrl()}/api/organization`);
  });
} catch (error) {
  exitWithError(error);
}
