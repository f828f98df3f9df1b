import { describe, expect, it } from 'vitest';
import {
  type AuditedPage,
  describeItems,
  END_MARKER,
  failingAudits,
  type Lhr,
  markdownBlock,
  missedTargets,
  replaceBlock,
  START_MARKER,
} from './report';

const lhr = (scores: Record<string, number | null>, audits: Lhr['audits'] = {}) =>
  ({
    lighthouseVersion: '12.8.2',
    categories: Object.fromEntries(
      Object.entries(scores).map(([id, score]) => [
        id,
        { id, score, auditRefs: Object.keys(audits).map((auditId) => ({ id: auditId, weight: 1 })) },
      ]),
    ),
    audits,
  }) as unknown as Lhr;

const board: AuditedPage = { name: 'board home', url: 'http://x/b/demo', indexed: true };
const dashboard: AuditedPage = { name: 'dashboard overview', url: 'http://x/dashboard', indexed: false };
const perfect = { performance: 0.5, accessibility: 1, 'best-practices': 0.95, seo: 1 };

describe('missedTargets', () => {
  it('asks accessibility 100 and best practices 95 everywhere, SEO 100 on indexed pages only', () => {
    expect(missedTargets({ page: board, preset: 'mobile', lhr: lhr(perfect) })).toEqual([]);
    expect(missedTargets({ page: dashboard, preset: 'mobile', lhr: lhr({ ...perfect, seo: 0.6 }) })).toEqual(
      [],
    );
    expect(missedTargets({ page: board, preset: 'desktop', lhr: lhr({ ...perfect, seo: 0.92 }) })).toEqual([
      'SEO 92 < 100',
    ]);
    expect(
      missedTargets({
        page: dashboard,
        preset: 'mobile',
        lhr: lhr({ ...perfect, accessibility: 0.98, 'best-practices': 0.94 }),
      }),
    ).toEqual(['accessibility 98 < 100', 'best practices 94 < 95']);
    expect(
      missedTargets({ page: board, preset: 'mobile', lhr: lhr({ ...perfect, accessibility: null }) }),
    ).toEqual(['accessibility not scored < 100']);
  });
});

describe('failingAudits and describeItems', () => {
  it('lists scored audits below 1 with the elements and sources they name', () => {
    const audits = {
      'color-contrast': {
        id: 'color-contrast',
        title: 'Contrast',
        score: 0,
        scoreDisplayMode: 'binary',
        details: {
          type: 'table',
          items: [
            {
              node: {
                type: 'node',
                selector: 'main > p',
                snippet: '<p class="muted">',
                explanation: 'Fix:\n ratio 3.1',
              },
            },
          ],
        },
      },
      'errors-in-console': {
        id: 'errors-in-console',
        title: 'Console errors',
        score: 0,
        scoreDisplayMode: 'binary',
        details: {
          type: 'table',
          items: [
            {
              source: 'network',
              description: 'Failed to load resource: 404',
              sourceLocation: { type: 'source-location', url: 'http://x/favicon.ico', line: 0, column: 0 },
            },
          ],
        },
      },
      'image-alt': { id: 'image-alt', title: 'Alt', score: 1, scoreDisplayMode: 'binary' },
      'manual-check': { id: 'manual-check', title: 'Manual', score: 0, scoreDisplayMode: 'manual' },
    } as unknown as Lhr['audits'];
    const failing = failingAudits(lhr({ accessibility: 0.9 }, audits));
    expect(failing.map(({ id }) => id)).toEqual(['color-contrast', 'errors-in-console']);
    expect(describeItems(failing[0]!.audit.details)).toEqual([
      'node: main > p <p class="muted"> (Fix: ratio 3.1)',
    ]);
    expect(describeItems(failing[1]!.audit.details)).toEqual([
      'source: network · description: Failed to load resource: 404 · sourceLocation: http://x/favicon.ico:1:1',
    ]);
  });
});

describe('markdownBlock and replaceBlock', () => {
  it('writes the table between the markers, with the versions and the misses in bold', () => {
    const block = markdownBlock(
      [
        { page: board, preset: 'mobile', lhr: lhr(perfect) },
        { page: board, preset: 'desktop', lhr: lhr({ ...perfect, seo: 0.92 }) },
      ],
      '156.0.8078.108',
      '2026-12-01',
    );
    expect(block).toContain("Run on 2026-12-01 with Lighthouse 12.8.2 and Debian's Chromium 156.0.8078.108");
    expect(block).toContain('| board home | mobile | 50 | 100 | 95 | 100 |');
    expect(block).toContain('| board home | desktop | 50 | 100 | 95 | **92** |');
    expect(block).toContain('Targets missed: board home (desktop): SEO 92 < 100.');
    const document = `before\n${START_MARKER}\nold table\n${END_MARKER}\nafter`;
    expect(replaceBlock(document, 'new')).toBe(`before\n${START_MARKER}\nnew\n${END_MARKER}\nafter`);
    expect(() => replaceBlock('no markers', 'new')).toThrow(/lighthouse:start/);
  });
});
