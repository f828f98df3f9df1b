import { describe, expect, it } from 'vitest';
import { descriptionHtml, isHtmlDescription } from './description';

describe('descriptionHtml', () => {
  it('renders plain text as paragraphs, line breaks and lists, escaped', () => {
    expect(
      descriptionHtml(
        'Hello <world> & you\nsecond line\n\nWe want:\n- TypeScript\n* SQL\n\n1. Apply\n2. Talk',
      ),
    ).toBe(
      '<p>Hello &lt;world&gt; &amp; you<br>second line</p><p>We want:</p><ul><li>TypeScript</li><li>SQL</li></ul><ol><li>Apply</li><li>Talk</li></ol>',
    );
  });

  it('sanitizes HTML through the content allow-list', () => {
    expect(isHtmlDescription('<p>x</p>')).toBe(true);
    expect(isHtmlDescription('Salary < 50k and > 30k')).toBe(false);
    const html = descriptionHtml(
      '<p onclick="x()">Hi <script>alert(1)</script><strong>there</strong></p><img src=x onerror=alert(1)>',
    );
    expect(html).toContain('<strong>there</strong>');
    expect(html).not.toMatch(/onclick|onerror|<script/);
  });
});
