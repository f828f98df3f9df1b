// The layering rule (biome.json's noRestrictedImports overrides, docs/architecture.md "The layering
// rule"): an import that breaks a rule fails the lint with that rule's message, and the imports the
// rules keep pass. The back arrows once fixed (geo → jobs, payments → board, the payment driver →
// its chooser, the throttles → rate-limit's index, the OpenAPI route → the route modules) stay out.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface Diagnostic {
  path: string;
  category: string;
  message: string;
}

/**
 * Biome's linter, with the repository's biome.json, on these files laid out (path → source) in a
 * temporary folder of the repository, so that each override's paths apply as they do to the code.
 */
function lint(files: Record<string, string>): Diagnostic[] {
  const dir = mkdtempSync(path.join(root, '.layering-test-'));
  try {
    const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
    // The folder is git-ignored, and its own config has no git: Biome lints every file given.
    writeFileSync(
      path.join(dir, 'biome.json'),
      JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }),
    );
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const biome = path.join(root, 'node_modules', '.bin', 'biome');
    const result = spawnSync(biome, ['lint', '--reporter=json', ...Object.keys(files)], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(result.stdout) as {
      summary: { unchanged: number };
      diagnostics: { category: string; message: string; location: { path: string } }[];
    };
    expect(report.summary.unchanged, 'Biome linted every file').toBe(Object.keys(files).length);
    return report.diagnostics.map(({ category, message, location }) => ({
      path: location.path,
      category,
      message,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A module that imports `specifier` and uses it, so that no other rule has anything to say. */
const importing = (specifier: string) =>
  `import { value } from '${specifier}';\n\nexport const used = value;\n`;

// [rule, file, import, the start of the rule's message]
const breaks: [string, string, string, string][] = [
  ['lib/core imports no domain', 'lib/core/a.ts', '@/lib/jobs', 'lib/core is the ground floor of lib/'],
  ['db/ imports only lib/core', 'db/a.ts', '@/lib/jobs', 'db/ is the ground floor'],
  [
    'a domain imports another through its public module',
    'lib/jobs/a.ts',
    '@/lib/geo/service',
    'Import another lib/ folder through its public module',
  ],
  ['no domain imports lib/http', 'lib/jobs/b.ts', '@/lib/http', 'Domains are below the HTTP layer'],
  ['lib/ never imports app/', 'lib/jobs/c.ts', '@/app/api/jobs/route', 'Only app/ imports app/'],
  ['lib/ never imports components/', 'lib/jobs/d.ts', '@/components/ui/button', 'lib/ is below the UI'],
  ['components/ never imports app/', 'components/a.ts', '@/app/layout', 'Only app/ imports app/'],
  ['geo is below jobs', 'lib/geo/a.ts', '@/lib/jobs', 'lib/geo is below lib/jobs'],
  ['payments are below the board', 'lib/payments/a.ts', '@/lib/board', 'Payments are below the board'],
  [
    'a payment driver does not import its chooser',
    'lib/payments/stripe.ts',
    './provider',
    'A payment driver implements the types of ./driver',
  ],
  [
    'the throttles do not import rate-limit’s index',
    'lib/rate-limit/throttle.ts',
    './index',
    'index.ts re-exports the throttles',
  ],
  [
    'the OpenAPI route does not import the route modules',
    'app/api/openapi.json/route.ts',
    './route-modules',
    'The route modules import this route',
  ],
];

describe('the layering rule (biome.json)', () => {
  let found: Diagnostic[];
  beforeAll(() => {
    found = lint(Object.fromEntries(breaks.map(([, file, specifier]) => [file, importing(specifier)])));
  });

  it.each(breaks)('%s: %s importing %s fails', (_rule, file, _specifier, message) => {
    const diagnostics = found.filter((diagnostic) => diagnostic.path === file);
    expect(diagnostics).toEqual([
      { path: file, category: 'lint/style/noRestrictedImports', message: expect.stringContaining(message) },
    ]);
    expect(diagnostics[0]!.message.startsWith(message)).toBe(true);
  });

  it('passes the imports the rules keep', () => {
    const keeps = {
      'lib/core/a.ts': importing('@/lib/core/errors'),
      'db/a.ts': importing('@/lib/core/env'),
      'lib/jobs/location-counts.ts': importing('@/lib/geo'),
      'lib/jobs/a.ts': importing('@/lib/geo/schemas'),
      'lib/geo/service.ts': importing('@/lib/core/time'),
      'lib/payments/receipt.ts': importing('@/lib/organizations'),
      'lib/payments/stripe.ts': importing('./driver'),
      'lib/payments/checkout.ts': importing('./provider'),
      'lib/rate-limit/throttle.ts': importing('./limiter'),
      'app/api/openapi.json/route.ts': importing('@/lib/http/openapi'),
      'app/api/jobs/route.ts': importing('@/lib/jobs/queries'),
      'components/a.ts': importing('@/lib/jobs/schemas'),
    };
    expect(lint(keeps)).toEqual([]);
  });
});
