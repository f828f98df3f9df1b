import type { TestProject } from 'vitest/node';
import { connect } from '@/db/client';
import { adminQuery, TEMPLATE_DATABASE, testDatabaseTarget, withDatabase } from './database';
import { startNeonWebSocketProxy } from './fixtures/neon-ws-proxy';

declare module 'vitest' {
  export interface ProvidedContext {
    neonProxyPort: number | null;
  }
}

/** For server runs: migrates a template database once; each test file copies it. */
export default async function setup(project: TestProject) {
  const target = testDatabaseTarget();
  project.provide('neonProxyPort', null);
  if (!target) return;

  await adminQuery(target.url, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await adminQuery(target.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = await connect({ driver: 'pg', url: withDatabase(target.url, TEMPLATE_DATABASE) });
  await template.migrate();
  await template.close();

  if (target.driver !== 'neon') return;
  const proxy = await startNeonWebSocketProxy();
  project.provide('neonProxyPort', proxy.port);
  return () => proxy.close();
}
