// Keeps `npm ci` working where the registry mirror serves only this machine's platform packages.
// npm then leaves other platforms' optional binaries (biome, next/swc, tailwind oxide) out of
// package-lock.json, and `npm ci` refuses the lockfile as "Missing: ... from lock file". This adds
// those entries back with os/cpu/libc read from the package names, so every platform skips them.
// Runs as postinstall; it only writes when something is missing.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const oses = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'sunos', 'win32', 'aix', 'netbsd'];
const cpus = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

let lock;
try {
  lock = JSON.parse(readFileSync(lockPath, 'utf8'));
} catch {
  process.exit(0);
}
const packages = lock.packages ?? {};
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = tokens.find((token) => oses.includes(token));
    const cpu =
      tokens.find((token) => cpus.includes(token)) ?? (tokens.includes('wasi') ? 'wasm32' : undefined);
    if (!os && !cpu) {
      console.warn(`lockfile-platforms: cannot tell the platform of ${name}; leaving it out`);
      continue;
    }
    packages[`node_modules/${name}`] = {
      version: String(range).replace(/^[\^~=v]+/, ''),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(tokens.includes('musl') ? { libc: ['musl'] } : tokens.includes('gnu') ? { libc: ['glibc'] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `lockfile-platforms: added ${added} other-platform optional package entr${added === 1 ? 'y' : 'ies'} to package-lock.json`,
  );
}
