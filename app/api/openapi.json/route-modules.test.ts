import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiRouteFiles,
  orderedRouteFiles,
  renderRouteModules,
  routeModulesFile,
} from '@/scripts/generate-route-modules';
import { routeModules } from './route-modules';

describe('route-modules.ts (generated)', () => {
  it('is up to date with the route.ts files on disk (else run `npm run routes:generate`)', () => {
    expect(readFileSync(routeModulesFile, 'utf8')).toBe(renderRouteModules());
    expect(routeModules).toHaveLength(apiRouteFiles().length);
  });

  it('keeps the listed order, drops deleted routes and appends new ones', () => {
    const current = [
      "import * as jobs from '../jobs/route';",
      "import * as gone from '../gone/route';",
      "import * as health from '../health/route';",
      'export const routeModules: Record<string, unknown>[] = [jobs, gone, health];',
    ].join('\n');
    expect(orderedRouteFiles(['health/route.ts', 'jobs/route.ts', 'new/route.ts'], current)).toEqual([
      'jobs/route.ts',
      'health/route.ts',
      'new/route.ts',
    ]);
  });

  it('leaves out catch-all routes', () => {
    const files = apiRouteFiles();
    expect(files).toContain('jobs/[id]/route.ts');
    expect(files.filter((file) => file.includes('[...'))).toEqual([]);
  });
});
