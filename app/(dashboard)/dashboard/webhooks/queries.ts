import type { Database } from '@/db/client';
import { listSecrets, secretReference } from '@/lib/secrets/service';

/** The `vault:<name>` references the organization's secrets answer to. */
export async function vaultReferences(db: Database, orgId: number): Promise<Set<string>> {
  return new Set((await listSecrets(db, orgId)).map((secret) => secretReference(secret.name)));
}
