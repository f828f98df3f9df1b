import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { connect } from '@/db/client';
import { adminQuery, testDatabaseTarget, withDatabase } from './database';
import { startNeonWebSocketProxy } from './fixtures/neon-ws-proxy';

declare module 'vitest' {
  export interface ProvidedContext {
    neonProxyPort: number | null;
    templateDatabase: string;
  }
}

/** For server runs: migrates a template database once; each test file copies it. */
export default async function setup(project: TestProject) {
  const target = testDatabaseTarget();
  project.provide('neonProxyPort', null);
  if (!target) return;

  const template = `boardkit_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(target.url, `CREATE DATABASE ${template}`);
  const handle = await connect({ driver: 'pg', url: withDatabase(target.url, template) });
  await handle.migrate();
  await handle.close();
  project.provide('templateDatabase', template);
  const dropTemplate = () => adminQuery(target.url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);

  if (target.driver !== 'neon') return dropTemplate;
  const proxy = await startNeonWebSocketProxy();
  project.provide('neonProxyPort', proxy.port);
  return async () => {
    await proxy.close();
    await dropTemplate();
  };
}
