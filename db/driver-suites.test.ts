// The Neon run of CI covers only test/driver-suites.ts: the list must keep naming real files and
// must reach every module where drivers differ.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driverSuites } from '@/test/driver-suites';

const root = path.resolve(import.meta.dirname, '..');

/** The modules whose behaviour depends on the driver: each must be reached by a driver suite. */
const driverModules = [
  ...['db', 'lib/cache'].flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
      .map((file) => `${folder}/${file}`),
  ),
  'lib/core/transaction.ts',
];

/** The repository files `file` imports (`@/…` and relative), resolved to paths with their extension. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(/from '((?:@\/|\.\.?\/)[^']+)'/g)].flatMap(([, specifier]) => {
    const bare = specifier!.startsWith('@/')
      ? specifier!.slice(2)
      : path.posix.join(path.posix.dirname(file), specifier!);
    return [`${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`].filter((candidate) =>
      existsSync(path.join(root, candidate)),
    );
  });
}

/** Every module the suites load, following imports through the repository. */
function reached(suites: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...suites];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

describe('the Neon driver suites', () => {
  const suites = driverSuites(root);

  it('name test files that exist', () => {
    for (const file of suites) expect(existsSync(path.join(root, file)), file).toBe(true);
    expect(suites).toContain('lib/cache/feed-cache.test.ts');
    expect(suites).toContain('db/client.test.ts');
  });

  it('hold the own tests of every module where drivers differ, and load those without one', () => {
    const loaded = reached(suites);
    for (const module of driverModules) {
      const ownTest = module.replace(/\.ts$/, '.test.ts');
      if (existsSync(path.join(root, ownTest)))
        expect(suites, `${ownTest} is not a driver suite`).toContain(ownTest);
      else expect(loaded.has(module), `${module} is loaded by no driver suite`).toBe(true);
    }
  });
});
