// A public "events" collection with CMS_ITEMS items on the loaded board, for the CMS list scenarios.
import type { Database } from '@/db/client';
import { cmsItems } from '@/db/schema';
import { upsertCollection } from '@/lib/cms';
import { upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { pick, random } from './random';

export const CMS_ITEMS = 20_000;
export const CMS_SLUG = 'events';
export const cmsCities = ['Berlin', 'Lisbon', 'Austin', 'Nairobi', 'Osaka', 'Toronto', 'Lyon', 'Pune'];
const formats = ['online', 'in-person', 'hybrid'];
const topics = ['hiring', 'rust', 'design', 'data', 'careers', 'remote work', 'interviews', 'growth'];
const BATCH = 1000;

/** 20k items: mostly published, some expired or scheduled, so the public filter has work to do. */
export async function seedCms(db: Database, orgId: number): Promise<void> {
  const { collection } = await upsertCollection(
    db,
    orgId,
    upsertCollectionBodySchema.parse({
      slug: CMS_SLUG,
      name: 'Events',
      visibility: 'public',
      rules: { allow_public_submit: true, moderation: 'manual', sort_by: 'starts_at', sort_dir: 'asc' },
      schema: [
        { name: 'title', type: 'text', required: true },
        { name: 'city', type: 'select', options: cmsCities },
        { name: 'format', type: 'select', options: formats },
        { name: 'seats', type: 'number', min: 1, integer: true },
        { name: 'summary', type: 'longtext' },
      ],
    }),
  );
  const now = Date.now();
  for (let start = 0; start < CMS_ITEMS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CMS_ITEMS - start) }, (_, i) => {
      const topic = pick(topics);
      const city = pick(cmsCities);
      const title = `${topic[0]!.toUpperCase()}${topic.slice(1)} meetup #${start + i}`;
      const summary = `An evening about ${topic} in ${city}.`;
      const roll = random();
      return {
        organizationId: orgId,
        collectionId: collection.id,
        data: { title, city, format: pick(formats), seats: 10 + Math.floor(random() * 290), summary },
        schemaVersion: 1,
        searchText: [title, city, summary].join('\n'),
        status: roll < 0.8 ? 'published' : roll < 0.9 ? 'draft' : 'pending_review',
        startsAt: new Date(now + (random() - 0.3) * 90 * 86_400_000),
        expiresAt: roll < 0.1 ? new Date(now - 86_400_000) : null,
        position: start + i + 1,
        source: 'api',
      };
    });
    await db.insert(cmsItems).values(rows);
  }
}
