import { describe, expect, it } from 'vitest';
import { SvgError, sanitizeSvg } from './svg';

const wrap = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps static drawing intact', () => {
    const source = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)}</style><rect class="a" width="10" height="10" fill="url(#g)"/>' +
        '<use href="#g"/><text x="1" y="5" style="font-weight:bold">Hi</text>',
    );
    const { svg, removed } = sanitizeSvg(source);
    expect(removed).toEqual([]);
    for (const kept of [
      'linearGradient',
      '<style>.a{fill:url(#g)}</style>',
      'fill="url(#g)"',
      'href="#g"',
      '>Hi</text>',
    ])
      expect(svg).toContain(kept);
  });

  // Each entry must lose the part after `gone` while the document survives.
  const attacks: [string, string, string][] = [
    ['script element', wrap('<script>alert(1)</script><rect/>'), 'alert'],
    [
      'script in another namespace',
      wrap('<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'),
      'alert',
    ],
    ['event handler on root', wrap('<rect/>', ' onload="alert(1)"'), 'onload'],
    ['mixed-case handler', wrap('<rect ONCLICK="alert(1)"/>'), 'alert'],
    [
      'foreignObject',
      wrap(
        '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>',
      ),
      'onerror',
    ],
    ['javascript link', wrap('<a href="javascript:alert(1)"><rect/></a>'), 'javascript'],
    ['xlink javascript on use', wrap('<use xlink:href="javascript:alert(1)"/>'), 'javascript'],
    ['external use', wrap('<use href="https://evil.example/sprite.svg#x"/>'), 'evil.example'],
    ['external image', wrap('<image href="https://tracker.example/p.png"/>'), 'tracker.example'],
    ['html data uri image', wrap('<image href="data:text/html;base64,PHNjcmlwdD4="/>'), 'text/html'],
    [
      'animation setting href',
      wrap('<a><set attributeName="href" to="javascript:alert(1)"/></a>'),
      'javascript',
    ],
    [
      'animate element',
      wrap('<rect><animate attributeName="x" values="javascript:alert(1)"/></rect>'),
      'animate',
    ],
    ['external url in fill', wrap('<rect fill="url(https://evil.example/x.svg#p)"/>'), 'evil.example'],
    [
      'external url in style attribute',
      wrap('<rect style="fill:url(https://evil.example/p)"/>'),
      'evil.example',
    ],
    [
      '@import in style element',
      wrap('<style>@import url(https://evil.example/x.css);</style>'),
      'evil.example',
    ],
    [
      'font-face in style element',
      wrap('<style>@font-face{font-family:x;src:url(https://evil.example/f)}</style>'),
      'evil.example',
    ],
    ['feImage', wrap('<filter id="f"><feImage href="https://evil.example/x.png"/></filter>'), 'evil.example'],
    [
      'processing instruction',
      `<?xml-stylesheet href="https://evil.example/x.css"?>${wrap('<rect/>')}`,
      'evil.example',
    ],
    ['iframe', wrap('<iframe src="https://evil.example"/>'), 'iframe'],
    ['metadata with payload', wrap('<metadata><script>alert(1)</script></metadata>'), 'alert'],
    [
      'foreign namespace attribute',
      wrap('<rect xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="click"/>'),
      'ev:event',
    ],
  ];

  it.each(attacks)('removes %s', (_name, source, gone) => {
    const { svg } = sanitizeSvg(source);
    expect(svg.toLowerCase()).not.toContain(gone.toLowerCase());
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg/);
  });

  it('keeps embedded raster images', () => {
    const { svg } = sanitizeSvg(wrap('<image href="data:image/png;base64,iVBORw0KGgo="/>'));
    expect(svg).toContain('data:image/png;base64,iVBORw0KGgo=');
  });

  it('drops a DOCTYPE and refuses entities it would need to expand', () => {
    const plain = sanitizeSvg(
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${wrap('<rect/>')}`,
    );
    expect(plain.svg).not.toContain('DOCTYPE');
    expect(plain.removed).toContain('DOCTYPE');
    expect(() =>
      sanitizeSvg(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${wrap('<text>&x;</text>')}`),
    ).toThrow(SvgError);
  });

  it('refuses documents that are not SVG', () => {
    expect(() => sanitizeSvg('<html><body/></html>')).toThrow(/no <svg> root/);
    expect(() => sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toThrow(
      /not well-formed/,
    );
    expect(() => sanitizeSvg('<svg xmlns="urn:other"/>')).toThrow(/SVG namespace/);
  });

  it('adds the SVG namespace when it is missing, so browsers render the file', () => {
    expect(sanitizeSvg('<svg width="4" height="4"><rect/></svg>').svg).toContain(
      'xmlns="http://www.w3.org/2000/svg"',
    );
  });

  it('reads the intrinsic size from width/height or the viewBox', () => {
    expect(sanitizeSvg(wrap('', ' width="200px" height="100"'))).toMatchObject({ width: 200, height: 100 });
    expect(sanitizeSvg(wrap(''))).toMatchObject({ width: 10, height: 10 });
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" width="50%"/>')).toMatchObject({
      width: null,
      height: null,
    });
  });
});
