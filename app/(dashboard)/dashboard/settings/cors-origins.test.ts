import { describe, expect, it } from 'vitest';
import { corsOriginsSchema } from '@/lib/organizations/schemas';
import { originLines, originsError } from './cors-origins';

describe('the allowed-origins textarea', () => {
  it('reads one origin a line and skips blank lines', () => {
    expect(originLines(' https://acme.example \r\n\nhttp://localhost:3000\n  \n*')).toEqual([
      'https://acme.example',
      'http://localhost:3000',
      '*',
    ]);
    expect(originLines('   \n')).toEqual([]);
  });

  it('names the line of an origin the schema refuses', () => {
    const lines = originLines('https://acme.example\nacme.example/jobs');
    const parsed = corsOriginsSchema.safeParse(lines);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(originsError(parsed.error, lines)).toMatch(/^Line 2: 'acme\.example\/jobs' is not an origin/);
  });

  it('reports a problem with the whole list as it is', () => {
    const lines = Array.from({ length: 21 }, (_, i) => `https://site${i}.example`);
    const parsed = corsOriginsSchema.safeParse(lines);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(originsError(parsed.error, lines)).toBe('At most 20 origins');
  });
});
