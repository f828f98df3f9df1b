// What the content pipeline's stored HTML becomes where it is shown: Google's description subset,
// and images with alt text.
import { describe, expect, it } from 'vitest';
import { GOOGLE_DESCRIPTION_TAGS, googleDescriptionHtml } from './google-description';
import { imageSources, withImageAlts } from './image-alts';
import { normalizeContent } from './pipeline';

const stored = normalizeContent(
  [
    '<h1>One</h1><h6>Six</h6><p style="text-align:center">Plain <strong>bold</strong> <em>it</em> <s>struck</s> ',
    '<code>inline</code> <a href="https://e.com">web</a> <span style="color:red">red</span><br>after</p>',
    '<ol><li><p>first</p></li></ol><blockquote><p>quoted</p></blockquote>',
    '<pre><code class="language-ts">const a = 1 &lt; 2;\nreturn a;</code></pre><hr>',
    '<img src="https://cdn.example/a.png"><img src="https://elsewhere.example/b.png">',
    '<table><tbody><tr><th>Perk</th><th>Value</th></tr><tr><td>Days off</td><td>30</td></tr></tbody></table>',
    '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>',
    '<iframe src="https://maps.example.com/embed?q=1"></iframe><p>Tom &amp; Jerry &lt;b&gt;</p>',
  ].join(''),
  {},
).html;

describe('googleDescriptionHtml', () => {
  it('keeps Google’s tags, turns the rest into text, and drops what has none', () => {
    expect(googleDescriptionHtml(stored)).toBe(
      '<h1>One</h1><h5>Six</h5><p>Plain <strong>bold</strong> <em>it</em> struck inline web red<br />after</p>' +
        '<ul><li><p>first</p></li></ul><p>quoted</p><p>const a = 1 &lt; 2;\nreturn a;</p>' +
        '<p>Perk</p><p>Value</p><p>Days off</p><p>30</p><p>Tom &amp; Jerry &lt;b&gt;</p>',
    );
    expect(GOOGLE_DESCRIPTION_TAGS).not.toContain('img');
  });

  it('leaves a description of Google’s tags as it is', () => {
    const html = '<h2>Role</h2><p>Build <strong>things</strong>.<br />Daily.</p><ul><li>Ship</li></ul>';
    expect(googleDescriptionHtml(html)).toBe(html);
  });
});

describe('withImageAlts', () => {
  it('gives each image the alt known for its src, else an empty one, and changes nothing else', () => {
    expect(imageSources(stored)).toEqual(['https://cdn.example/a.png', 'https://elsewhere.example/b.png']);
    const described = withImageAlts(
      stored,
      new Map([['https://cdn.example/a.png', 'Our "new" office & team']]),
    );
    expect(described).toBe(
      stored
        .replace(
          '<img src="https://cdn.example/a.png" />',
          '<img src="https://cdn.example/a.png" alt="Our &quot;new&quot; office &amp; team" />',
        )
        .replace(
          '<img src="https://elsewhere.example/b.png" />',
          '<img src="https://elsewhere.example/b.png" alt="" />',
        ),
    );
  });

  it('returns HTML without images untouched', () => {
    const html =
      '<p>Tom &amp; Jerry</p><iframe src="https://maps.example.com/e" sandbox loading="lazy"></iframe>';
    expect(withImageAlts(html, new Map())).toBe(html);
  });
});
