import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Drift the accessibility issue found by hand (issue 22), caught here instead: each rule names the
// one place that does the thing, and lists any other file that does it its own way.

async function sources(): Promise<{ file: string; text: string }[]> {
  const files: string[] = [];
  for (const root of ['app', 'components', 'lib']) {
    for (const file of await readdir(root, { recursive: true })) {
      const full = path.join(root, file);
      if (/\.tsx?$/.test(full) && !/\.test\.tsx?$/.test(full)) files.push(full);
    }
  }
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
}

const offenders = async (pattern: RegExp, home: string) =>
  (await sources()).filter(({ file, text }) => file !== home && pattern.test(text)).map(({ file }) => file);

describe('one way to do it', () => {
  it('writes dates for people only through formatDate (the organization locale)', async () => {
    expect(
      await offenders(/toLocaleDateString|toLocaleTimeString|dateStyle:|timeStyle:/, 'lib/core/format.ts'),
    ).toEqual([]);
  });

  it('gives every table the same header row', async () => {
    expect(await offenders(/<thead\b/, 'components/ui/table.tsx')).toEqual([]);
  });

  it('puts every table in a scroll region of its own (Table), so a wide one never widens the page', async () => {
    // Tables in bare wrappers made /dashboard/jobs 683–1,887 px wide at 320 px (WCAG 1.4.10).
    expect(await offenders(/<table\b/, 'components/ui/table.tsx')).toEqual([]);
  });

  it('underlines links in text (.text-link), never colour alone', async () => {
    // Blue links in grey helper text were 1.41:1 against it and had no underline (WCAG 1.4.1).
    expect(await offenders(/text-primary hover:underline/, 'app/globals.css')).toEqual([]);
  });

  it('leaves the focus indicator to the global one, never a faint ring', async () => {
    // A ring at 40% opacity was about 2:1 against white, under the 3:1 focus indicators need.
    expect(await offenders(/focus[^\s'"]*:(ring|outline)-primary\/\d+/, 'app/globals.css')).toEqual([]);
  });
});
