// The content pipeline: every allowed element survives, everything else is stripped, and a second save is a no-op.
import { describe, expect, it } from 'vitest';
import { ContentError, normalizeContent } from './pipeline';
import { isCssColor, isSafeLinkHref } from './policy';

const CDN = 'https://cdn.boardkit.test/acme';

/** One of everything the spec allows. */
const RICH = [
  '<h1>One</h1><h2 style="text-align:center">Two</h2><h3 style="text-align:right">Three</h3>',
  '<h4 style="text-align:justify">Four</h4><h5>Five</h5><h6>Six</h6>',
  '<p>Plain <strong>bold</strong> <em>italic</em> <s>struck</s> <code>inline</code> ',
  '<a href="https://example.com/a?b=1">web</a> <a href="mailto:hi@example.com">mail</a> ',
  '<a href="tel:+15550100">call</a> <a href="/jobs#top">relative</a> ',
  '<span style="color: rgb(255, 0, 0)">red</span> <span style="color:#0a0">green</span><br>after break</p>',
  '<p style="text-align:right">right</p>',
  '<ul><li><p>one</p><ol start="3"><li><p>nested</p></li></ol></li><li><p>two</p></li></ul>',
  '<blockquote><p>quoted</p></blockquote>',
  '<pre><code class="language-ts">const a = 1 &lt; 2;\nreturn a;</code></pre>',
  '<hr>',
  `<img src="${CDN}/one.png">`,
  '<table><tbody><tr><th colspan="2">head</th><th>h3</th></tr>',
  '<tr><td rowspan="2">tall</td><td style="text-align:center">mid</td><td>c</td></tr>',
  '<tr><td colspan="2">wide</td></tr></tbody></table>',
  '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>',
  '<iframe src="https://maps.example.com/embed?q=1" width="600" height="400"></iframe>',
].join('');

describe('normalizeContent', () => {
  it('keeps every allowed element and renders it', () => {
    const { html, warnings } = normalizeContent(RICH, { cdnUrl: CDN });
    for (const tag of [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'br',
      'strong',
      'em',
      's',
      'code',
      'ul',
      'ol',
    ]) {
      expect(html).toContain(`<${tag}`);
    }
    for (const tag of ['li', 'blockquote', 'pre', 'hr', 'a', 'img', 'table', 'tr', 'th', 'td', 'span']) {
      expect(html).toContain(`<${tag}`);
    }
    expect(html).toContain('<h2 style="text-align:center">Two</h2>');
    expect(html).toContain('<h4 style="text-align:justify">');
    expect(html).toContain('<p style="text-align:right">right</p>');
    expect(html).toContain('<a href="https://example.com/a?b=1">web</a>');
    expect(html).toContain('<a href="mailto:hi@example.com">');
    expect(html).toContain('<a href="tel:+15550100">');
    expect(html).toContain('<a href="/jobs#top">');
    expect(html).toContain('<span style="color:rgb(255, 0, 0)">red</span>');
    expect(html).toContain('<li><p>one</p><ol><li><p>nested</p></li></ol></li>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;\nreturn a;</code></pre>');
    expect(html).toContain('<th colspan="2" rowspan="1"><p>head</p></th>');
    expect(html).toContain('<td colspan="1" rowspan="2"><p>tall</p></td>');
    expect(html).toContain('<td colspan="1" rowspan="1" style="text-align:center">');
    expect(html).toMatch(
      /<div data-youtube-video><iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" sandbox="allow-scripts allow-same-origin allow-popups" loading="lazy"><\/iframe><\/div>/,
    );
    expect(html).toContain(
      '<iframe src="https://maps.example.com/embed?q=1" width="600" height="400" sandbox loading="lazy"></iframe>',
    );
    expect(warnings).toEqual([]);
  });

  it('is stable: normalizing its own HTML or JSON again changes nothing', () => {
    const first = normalizeContent(RICH, { cdnUrl: CDN });
    const fromHtml = normalizeContent(first.html, { cdnUrl: CDN });
    const fromJson = normalizeContent(first.json as unknown as Record<string, unknown>, { cdnUrl: CDN });
    expect(fromHtml.json).toEqual(first.json);
    expect(fromHtml.html).toBe(first.html);
    expect(fromJson.json).toEqual(first.json);
    expect(fromJson.html).toBe(first.html);
    expect(fromJson.text).toBe(first.text);
  });

  it('derives plain text with one newline between blocks', () => {
    const { text } = normalizeContent(
      '<h1>Title</h1><p>a <strong>b</strong><br>c</p><ul><li>x</li><li>y</li></ul>',
      {},
    );
    expect(text).toBe('Title\na b\nc\nx\ny');
  });

  it('strips what the allowlist does not carry, keeping the text', () => {
    const { html, json } = normalizeContent(
      '<p class="x" id="y" style="text-align:left;font-size:40px">a <u>under</u> <font color="red">f</font> ' +
        '<a href="https://e.com" target="_blank" rel="opener" title="t">l</a> ' +
        '<span style="color:red;background:url(https://x/y)">c</span></p>' +
        '<ol type="a"><li>o</li></ol><img src="https://e.com/i.png" alt="alt" width="10"><section><p>in</p></section>',
      {},
    );
    expect(html).toBe(
      '<p>a under f <a href="https://e.com">l</a> <span style="color:red">c</span></p>' +
        '<ol><li><p>o</p></li></ol><img src="https://e.com/i.png" /><p>in</p>',
    );
    expect(json.content?.[0]?.attrs).toEqual({ textAlign: null });
  });

  it('drops links, images, videos and iframes whose URLs break the policy', () => {
    const { html, json } = normalizeContent(
      '<p><a href="javascript:alert(1)">js</a> <a href="ftp://e.com/f">ftp</a> <a href="//evil.com">pr</a></p>' +
        '<img src="data:image/png;base64,AAAA"><img src="/relative.png">' +
        '<div data-youtube-video><iframe src="https://evil.com/embed/x"></iframe></div>' +
        '<iframe src="http://insecure.example.com/"></iframe>',
      {},
    );
    expect(html).toBe('<p>js ftp pr</p>');
    expect(json.content).toHaveLength(1);
  });

  it('turns YouTube watch links into privacy-enhanced embed URLs', () => {
    const { json, html } = normalizeContent({
      type: 'doc',
      content: [
        { type: 'youtube', attrs: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', start: 30 } },
      ],
    });
    expect(json.content?.[0]?.attrs?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30');
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30"');
  });

  it('grants sandbox flags only to allow-listed iframe hosts', () => {
    const input =
      '<iframe src="https://maps.example.com/e"></iframe><iframe src="https://other.example.com/e"></iframe>';
    const { html } = normalizeContent(input, { iframeHosts: ['Maps.Example.com'] });
    expect(html).toBe(
      '<iframe src="https://maps.example.com/e" sandbox="allow-scripts allow-same-origin allow-popups" loading="lazy"></iframe>' +
        '<iframe src="https://other.example.com/e" sandbox loading="lazy"></iframe>',
    );
  });

  it('stores left alignment as none and drops unknown alignments', () => {
    const { json, html } = normalizeContent({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { textAlign: 'left' }, content: [{ type: 'text', text: 'l' }] },
        { type: 'paragraph', attrs: { textAlign: 'center;x:y' }, content: [{ type: 'text', text: 'x' }] },
        {
          type: 'heading',
          attrs: { level: 3, textAlign: 'justify' },
          content: [{ type: 'text', text: 'h' }],
        },
      ],
    });
    expect(json.content?.map((node) => node.attrs?.textAlign)).toEqual([null, null, 'justify']);
    expect(html).toBe('<p>l</p><p>x</p><h3 style="text-align:justify">h</h3>');
  });

  it('keeps only valid CSS colors', () => {
    for (const ok of [
      'red',
      'RebeccaPurple',
      '#abc',
      '#a1b2c3d4',
      'rgb(1, 2, 3)',
      'rgba(1 2 3 / 50%)',
      'hsl(120deg 50% 50%)',
    ]) {
      expect(isCssColor(ok), ok).toBe(true);
    }
    for (const bad of [
      'url(x)',
      'expression(alert(1))',
      'red;background:url(x)',
      'rgb(url(x))',
      '#ggg',
      'notacolor',
      '',
    ]) {
      expect(isCssColor(bad), bad).toBe(false);
    }
    const { html } = normalizeContent({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'a',
              marks: [{ type: 'textStyle', attrs: { color: 'expression(alert(1))' } }],
            },
            { type: 'text', text: 'b', marks: [{ type: 'textStyle', attrs: { color: '#123456' } }] },
          ],
        },
      ],
    });
    expect(html).toBe('<p>a<span style="color:#123456">b</span></p>');
  });

  it('accepts only http(s), mailto, tel and relative link targets', () => {
    for (const ok of [
      'https://e.com',
      'http://e.com/x',
      'mailto:a@b.c',
      'tel:+1',
      '/a',
      'a/b',
      '#top',
      '?q=1',
    ]) {
      expect(isSafeLinkHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:x',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      '//e.com',
      '',
    ]) {
      expect(isSafeLinkHref(bad), bad).toBe(false);
    }
  });

  it('drops unknown node types, marks and attributes from JSON with a warning', () => {
    const { json, warnings } = normalizeContent({
      type: 'doc',
      content: [
        { type: 'pricingTable', attrs: { plans: 3 }, content: [{ type: 'text', text: 'gone' }] },
        {
          type: 'paragraph',
          attrs: { textAlign: 'center', onclick: 'alert(1)' },
          content: [
            { type: 'text', text: 'kept', marks: [{ type: 'underline' }, { type: 'bold', attrs: { x: 1 } }] },
          ],
        },
      ],
    });
    expect(json).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { textAlign: 'center' },
          content: [{ type: 'text', text: 'kept', marks: [{ type: 'bold' }] }],
        },
      ],
    });
    expect(warnings).toEqual([
      'Unsupported content type "pricingTable" was removed.',
      'Unsupported content type "underline" was removed.',
    ]);
  });

  it('rejects input that is not a document, or breaks the schema, with a ContentError', () => {
    for (const bad of [{ type: 'paragraph' }, { content: [] }, [] as unknown as Record<string, unknown>]) {
      expect(() => normalizeContent(bad), JSON.stringify(bad)).toThrow(ContentError);
    }
    expect(() => normalizeContent(42 as unknown as string)).toThrow(ContentError);
    expect(() =>
      normalizeContent({ type: 'doc', content: [{ type: 'text', text: 'bare text in doc' }] }),
    ).toThrow(/does not fit the document schema/);
  });

  it('turns empty input into an empty document', () => {
    for (const empty of [null, undefined, '', { type: 'doc', content: [] }]) {
      expect(normalizeContent(empty)).toEqual({
        json: { type: 'doc', content: [{ type: 'paragraph', attrs: { textAlign: null } }] },
        html: '<p></p>',
        text: '',
        warnings: [],
      });
    }
  });

  it('warns about each image not hosted on the board CDN and leaves it in place', () => {
    const html = `<img src="${CDN}/a.png"><img src="https://elsewhere.test/b.png"><img src="${CDN}.evil.test/c.png">`;
    const result = normalizeContent(html, { cdnUrl: `${CDN}/` });
    expect(result.warnings).toEqual([
      "Image https://elsewhere.test/b.png is not hosted on the board's CDN; upload it as an asset first.",
      `Image ${CDN}.evil.test/c.png is not hosted on the board's CDN; upload it as an asset first.`,
    ]);
    expect(result.html).toContain('src="https://elsewhere.test/b.png"');
    expect(normalizeContent(html, {}).warnings).toHaveLength(3);
  });
});
