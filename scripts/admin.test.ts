// `npm run admin`: the commands run in-process against the test database (admin-commands.ts), and
// the CLI itself is started for what only a process shows: one JSON line on stdout, an exit once
// done with Redis configured, and a failure printed as `error: …` with exit code 1.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { acquireDataDirLock } from '@/db/pglite-lock';
import { secrets } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { createOrganization } from '@/lib/organizations/service';
import { createKeyRing, envelopeKeyId, open, seal } from '@/lib/secrets/crypto';
import { secretContext } from '@/lib/secrets/service';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { runAdminCommand } from './admin-commands';

const redisAvailable = await upstashTestsCanRun();

/** Runs one command line in-process; answers what it printed. */
async function admin(...argv: string[]): Promise<string> {
  const lines: string[] = [];
  await runAdminCommand(await getDb(), argv, (line) => lines.push(line));
  return lines.join('\n');
}

const unique = () => randomBytes(4).toString('hex');

describe('npm run admin (the process)', () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'boardkit-admin-')), 'pglite');
  const cli = (...args: string[]) => cliWith({}, ...args);
  const cliWith = (env: Record<string, string>, ...args: string[]) =>
    run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    });
  // Each start is tsx plus an embedded database: tens of seconds on a loaded 2-CPU machine.
  const CLI_TEST_MS = 240_000;

  it('org:create --json prints one JSON line, on a database it migrates itself', {
    timeout: CLI_TEST_MS,
  }, async () => {
    const { stdout } = await cli('org:create', '--name', 'Acme', '--slug', 'acme', '--json');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      organization: { id: 1, slug: 'acme', name: 'Acme' },
      api_key: expect.stringMatching(/^bk_/),
    });
  });

  it.runIf(redisAvailable)(
    'exits once done with REDIS_URL set, where a change opens a connection to move its organization’s stamp',
    {
      timeout: CLI_TEST_MS,
    },
    async () => {
      await expect(
        cliWith({ REDIS_URL: testRedisUrl }, 'org:limits', '--org', 'acme', '--post', '100'),
      ).resolves.toMatchObject({ stderr: '' });
    },
  );

  it('prints a failure as one `error:` line and exits 1 (here: the embedded database is in use)', {
    timeout: CLI_TEST_MS,
  }, async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      await expect(cli('org:create', '--name', 'Other', '--json')).rejects.toMatchObject({
        code: 1,
        stdout: '',
        stderr: expect.stringMatching(`^error: .*is in use by process ${process.pid}`),
      });
    } finally {
      release();
    }
  });
});

describe('admin commands', () => {
  it('org:create --json prints the organization and a working key; apikey:create, :revoke and :list manage keys', async () => {
    const slug = `acme-${unique()}`;
    const output = JSON.parse(await admin('org:create', '--name', 'Acme', '--slug', slug, '--json'));
    expect(output).toEqual({
      organization: { id: expect.any(Number), slug, name: 'Acme' },
      api_key: expect.stringMatching(/^bk_/),
    });
    const created = JSON.parse(
      await admin('apikey:create', '--org', slug, '--name', 'CI', '--scope', 'read_only', '--json'),
    );
    expect(created).toMatchObject({ name: 'CI', scope: 'read_only', api_key: expect.stringMatching(/^bk_/) });
    expect(await admin('apikey:revoke', '--org', slug, '--prefix', created.prefix)).toContain(
      'Revoked 1 key',
    );
    const listed = JSON.parse(await admin('apikey:list', '--org', slug, '--json'));
    expect(listed).toHaveLength(2);
    expect(listed.find((key: { prefix: string }) => key.prefix === created.prefix).revoked_at).not.toBeNull();
  });

  it('member:create --json prints the member as GET /members/{lookup} has it, and refuses bad or taken emails', async () => {
    const slug = `members-${unique()}`;
    const organization = JSON.parse(await admin('org:create', '--name', 'M', '--slug', slug, '--json'));
    const printed = await admin(
      'member:create',
      '--org',
      slug,
      '--email',
      'Ada@Example.com',
      '--name',
      'Ada Lovelace',
      '--role',
      'employer',
      '--json',
    );
    expect(printed.split('\n')).toHaveLength(1);
    expect(JSON.parse(printed)).toEqual({
      member: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        organizationId: organization.organization.id,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        role: 'employer',
        approvalStatus: 'pending',
        authMethod: 'email',
        profilePicture: null,
        description: null,
        customFields: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastSignInAt: null,
      },
    });
    const candidate = JSON.parse(
      await admin('member:create', '--org', slug, '--email', 'c@example.com', '--name', 'C', '--json'),
    );
    expect(candidate.member).toMatchObject({ role: 'candidate', approvalStatus: 'approved' });
    for (const [args, message] of [
      [['--email', 'ADA@example.com', '--name', 'Again'], 'already exists'],
      [['--email', 'nope', '--name', 'X'], '--email: Enter a valid email address'],
      [['--email', 'x@example.com', '--name', 'X', '--role', 'admin'], '--role:'],
      [['--email', 'x@example.com'], '--name is required'],
    ] as const) {
      await expect(admin('member:create', '--org', slug, ...args, '--json')).rejects.toThrow(message);
    }
  });

  it('fails clearly on bad input, a taken slug and an unknown command', async () => {
    const slug = `taken-${unique()}`;
    await admin('org:create', '--name', 'Acme', '--slug', slug);
    await expect(admin('org:create', '--name', 'Acme', '--slug', slug, '--json')).rejects.toThrow(
      `slug '${slug}' is already taken`,
    );
    await expect(admin('org:create', '--slug', 'x y')).rejects.toThrow('--name is required');
    await expect(admin('org:explode')).rejects.toThrow("Unknown command 'org:explode'");
    expect(await admin('--help')).toMatch(/^Usage: npm run admin/);
  });

  it('org:limits sets and resets per-method limits', async () => {
    const slug = `limits-${unique()}`;
    await admin('org:create', '--name', 'L', '--slug', slug);
    expect(JSON.parse(await admin('org:limits', '--org', slug, '--get', '500', '--json'))).toEqual({
      organization: slug,
      rate_limits: { GET: 500, POST: 30, PUT: 30, PATCH: 60, DELETE: 60 },
    });
    await expect(admin('org:limits', '--org', slug, '--post', '0')).rejects.toThrow('positive integer');
    expect(JSON.parse(await admin('org:limits', '--org', slug, '--reset', '--json')).rate_limits.GET).toBe(
      100,
    );
  });
});

describe('admin secrets:reseal', () => {
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('base64');

  function configureKeys(current: string, previous = '') {
    process.env.SECRETS_ENCRYPTION_KEY = current;
    process.env.SECRETS_PREVIOUS_KEYS = previous;
    resetEnvCache();
  }

  afterEach(() => {
    delete process.env.SECRETS_ENCRYPTION_KEY;
    delete process.env.SECRETS_PREVIOUS_KEYS;
    resetEnvCache();
  });

  it('re-seals values under the new key, prints counts, and is a no-op the second time; a value no key opens names the missing key', async () => {
    const db = await getDb();
    const organization = await createOrganization(db, { name: 'Vault Co' });
    const names = ['one', 'two', 'three'].map((name) => `${name}-${unique()}`);
    await db.insert(secrets).values(
      names.map((name) => ({
        organizationId: organization.id,
        name,
        sealedValue: seal(createKeyRing(oldKey), `${name}-value`, secretContext(organization.id, name)),
      })),
    );

    configureKeys(newKey, oldKey);
    const newKeyId = createKeyRing(newKey).current.id;
    const first = JSON.parse(await admin('secrets:reseal', '--json'));
    expect(first).toMatchObject({ key_id: newKeyId, secrets: { resealed: 3 } });
    for (const row of await db.select().from(secrets)) {
      if (!names.includes(row.name)) continue;
      expect(envelopeKeyId(row.sealedValue)).toBe(newKeyId);
      expect(open(createKeyRing(newKey), row.sealedValue, secretContext(organization.id, row.name))).toBe(
        `${row.name}-value`,
      );
    }
    expect(await admin('secrets:reseal')).toContain(
      `Re-sealed under master key ${newKeyId}: 0 vault secret(s)`,
    );

    configureKeys(randomBytes(32).toString('base64'));
    await expect(admin('secrets:reseal')).rejects.toThrow(
      new RegExp(`master key ${newKeyId}, which is not configured`),
    );
  });
});
