import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { connect } from '@/db/client';
import { acquireDataDirLock } from '@/db/pglite-lock';
import { secrets } from '@/db/schema';
import { createOrganization } from '@/lib/organizations/service';
import { createKeyRing, envelopeKeyId, open, seal } from '@/lib/secrets/crypto';
import { secretContext } from '@/lib/secrets/service';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** Runs the admin CLI as `npm run admin` does, against a throwaway embedded database. */
function admin(dataDir: string, ...args: string[]) {
  return adminWithEnv(dataDir, {}, ...args);
}

function adminWithEnv(dataDir: string, env: Record<string, string>, ...args: string[]) {
  return run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
  });
}

// Each call starts tsx and an embedded database: about 10 s apiece on a loaded 2-CPU machine, so the
// tests allow minutes rather than the suite's seconds.
const CLI_TEST_MS = 240_000;

describe('npm run admin', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'boardkit-admin-')), 'pglite');

  it('org:create --json prints one JSON line with the organization and a working key', {
    timeout: CLI_TEST_MS,
  }, async () => {
    const { stdout } = await admin(dataDir, 'org:create', '--name', 'Acme', '--slug', 'acme', '--json');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0]!);
    expect(output).toEqual({
      organization: { id: 1, slug: 'acme', name: 'Acme' },
      api_key: expect.stringMatching(/^bk_/),
    });

    const created = JSON.parse(
      (
        await admin(
          dataDir,
          'apikey:create',
          '--org',
          'acme',
          '--name',
          'CI',
          '--scope',
          'read_only',
          '--json',
        )
      ).stdout,
    );
    expect(created).toMatchObject({ name: 'CI', scope: 'read_only', api_key: expect.stringMatching(/^bk_/) });

    const revoked = await admin(dataDir, 'apikey:revoke', '--org', 'acme', '--prefix', created.prefix);
    expect(revoked.stdout).toContain('Revoked 1 key');
    const listed = JSON.parse((await admin(dataDir, 'apikey:list', '--org', 'acme', '--json')).stdout);
    expect(listed).toHaveLength(2);
    expect(listed.find((key: { prefix: string }) => key.prefix === created.prefix).revoked_at).not.toBeNull();
  });

  it('member:create --json prints the member as GET /members/{lookup} has it, and refuses bad or taken emails', {
    timeout: CLI_TEST_MS,
  }, async () => {
    const { stdout } = await admin(
      dataDir,
      'member:create',
      '--org',
      'acme',
      '--email',
      'Ada@Example.com',
      '--name',
      'Ada Lovelace',
      '--role',
      'employer',
      '--json',
    );
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      member: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        organizationId: 1,
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
      (
        await admin(
          dataDir,
          'member:create',
          '--org',
          'acme',
          '--email',
          'c@example.com',
          '--name',
          'C',
          '--json',
        )
      ).stdout,
    );
    expect(candidate.member).toMatchObject({ role: 'candidate', approvalStatus: 'approved' });
    for (const [args, message] of [
      [['--email', 'ADA@example.com', '--name', 'Again'], 'already exists'],
      [['--email', 'nope', '--name', 'X'], '--email: Enter a valid email address'],
      [['--email', 'x@example.com', '--name', 'X', '--role', 'admin'], '--role:'],
      [['--email', 'x@example.com'], '--name is required'],
    ] as const) {
      await expect(admin(dataDir, 'member:create', '--org', 'acme', ...args, '--json')).rejects.toMatchObject(
        {
          code: 1,
          stdout: '',
          stderr: expect.stringContaining(message),
        },
      );
    }
  });

  it('fails clearly on bad input and on a taken slug', { timeout: CLI_TEST_MS }, async () => {
    await expect(
      admin(dataDir, 'org:create', '--name', 'Acme', '--slug', 'acme', '--json'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("slug 'acme' is already taken"),
    });
    await expect(admin(dataDir, 'org:create', '--slug', 'x y')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--name is required'),
    });
  });

  it('says so when the embedded database is in use', { timeout: CLI_TEST_MS }, async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      await expect(admin(dataDir, 'org:create', '--name', 'Other', '--json')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`is in use by process ${process.pid}`),
      });
    } finally {
      release();
    }
  });
});

describe('npm run admin -- secrets:reseal', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'boardkit-reseal-')), 'pglite');
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('base64');
  const rotated = { SECRETS_ENCRYPTION_KEY: newKey, SECRETS_PREVIOUS_KEYS: oldKey };

  async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof connect>>['db']) => Promise<T>) {
    const handle = await connect({ driver: 'pglite', dataDir });
    try {
      await handle.migrate();
      return await use(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('re-seals values under the new key, prints counts, and is a no-op the second time', {
    timeout: CLI_TEST_MS,
  }, async () => {
    const orgId = await withDatabase(async (db) => {
      const organization = await createOrganization(db, { name: 'Vault Co' });
      const oldRing = createKeyRing(oldKey);
      await db.insert(secrets).values(
        ['one', 'two', 'three'].map((name) => ({
          organizationId: organization.id,
          name,
          sealedValue: seal(oldRing, `${name}-value`, secretContext(organization.id, name)),
        })),
      );
      return organization.id;
    });

    const { stdout } = await adminWithEnv(dataDir, rotated, 'secrets:reseal', '--json');
    const newKeyId = createKeyRing(newKey).current.id;
    expect(JSON.parse(stdout)).toEqual({
      key_id: newKeyId,
      secrets: { resealed: 3, unchanged: 0 },
      webhook_secrets: { resealed: 0, unchanged: 0 },
    });
    await withDatabase(async (db) => {
      const rows = await db.select().from(secrets);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(envelopeKeyId(row.sealedValue)).toBe(newKeyId);
        expect(open(createKeyRing(newKey), row.sealedValue, secretContext(orgId, row.name))).toBe(
          `${row.name}-value`,
        );
      }
    });

    const again = await adminWithEnv(dataDir, rotated, 'secrets:reseal');
    expect(again.stdout).toContain(`Re-sealed under master key ${newKeyId}: 0 vault secret(s) (3 unchanged)`);
  });

  it('fails with the missing key id when a value no configured key opens', {
    timeout: CLI_TEST_MS,
  }, async () => {
    const otherKey = randomBytes(32).toString('base64');
    await expect(
      adminWithEnv(
        dataDir,
        { SECRETS_ENCRYPTION_KEY: otherKey, SECRETS_PREVIOUS_KEYS: '' },
        'secrets:reseal',
      ),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        new RegExp(`^error: .*master key ${createKeyRing(newKey).current.id}, which is not configured`),
      ),
    });
  });
});
