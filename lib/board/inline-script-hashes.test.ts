import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, as the browser reads it, and skips external ones', () => {
    const html = [
      '<html><head><script src="/a.js"></script><SCRIPT id="_R_">self.a=1&amp;&lt;/b&gt;</SCRIPT></head>',
      '<body><script>if (a < b && "</p>") run("é")</script><script>self.a=1&amp;&lt;/b&gt;</script>',
      '<script type="application/ld+json">{"@type":"JobPosting"}</script><script>one\r\ntwo\rthree</script></body></html>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('self.a=1&amp;&lt;/b&gt;'),
      sha256('if (a < b && "</p>") run("é")'),
      sha256('{"@type":"JobPosting"}'),
      sha256('one\ntwo\nthree'),
    ]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<rss><channel><title>Jobs</title></channel></rss>')).toEqual([]);
  });
});
