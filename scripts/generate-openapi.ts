// npm run openapi:generate (also before dev and build, after routes:generate): writes the OpenAPI
// document GET /api/openapi.json serves, built from the routes' zod schemas. Built here rather than
// in the route, which would have to import every route module, itself included.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeModules } from '@/app/api/openapi.json/route-modules';
import { buildOpenApiDocument, OPENAPI_DOCUMENT_FILE } from '@/lib/http/openapi';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');

/** Writes the document, built for `appUrl` (the route puts its deployment's own address in). */
export function writeOpenApiDocument(appUrl?: string): string {
  const file = path.join(root, OPENAPI_DOCUMENT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(routeModules, appUrl)));
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  console.log(`Wrote ${path.relative(root, writeOpenApiDocument())}.`);
}
