// npm run lint:openapi: the generated OpenAPI document through Spectral's OpenAPI ruleset and
// Redocly's recommended rules (.spectral.yaml, redocly.yaml); any error or warning fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeModules } from '@/app/api/openapi.json/route-modules';
import { buildOpenApiDocument } from '@/lib/http/openapi';

// A deployment serves its own APP_URL as the server; the rules refuse localhost, so lint a public one.
process.env.APP_URL = 'https://jobs.boardkit.app';
// Fixed path: redocly's ignore file (.redocly.lint-ignore.yaml) names the document it applies to.
const file = path.join('node_modules', '.cache', 'boardkit', 'openapi.json');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(buildOpenApiDocument(routeModules), null, 2));

const linters: [string, string[]][] = [
  ['spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', file]],
  ['redocly', ['lint', '--config', 'redocly.yaml', '--max-problems', '1000', file]],
];
let failed = false;
for (const [bin, args] of linters) {
  console.log(`\n$ ${bin} ${args.join(' ')}`);
  const result = spawnSync(path.join('node_modules', '.bin', bin), args, { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  console.log(output.trim());
  // Redocly exits 0 on warnings; a warning fails here all the same.
  if (result.status !== 0 || /You have \d+ warnings?/.test(output)) failed = true;
}
process.exit(failed ? 1 : 0);
