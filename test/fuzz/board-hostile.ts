// The hostile half of the board part: path segments, query strings, headers and bodies a browser
// never sends to a board. Paths and queries are written as they go on the wire (already encoded,
// or deliberately not); every one must be answered with a page (4xx) or the JSON envelope (under
// /api), never a 5xx, within the time limit.
import { MEMBER_COOKIE } from '@/lib/members/sessions';

export interface Named<T> {
  name: string;
  value: T;
}

const named = <T>(entries: [string, T][]): Named<T>[] => entries.map(([name, value]) => ({ name, value }));

/** Put in place of one segment of a real path. */
export const hostileSegments: Named<string>[] = named([
  ['invalid percent-encoding', '%ZZ'],
  ['overlong UTF-8 slash', '%C0%AF'],
  ['lone continuation byte', '%80'],
  ['encoded surrogate', '%ED%A0%80'],
  ['encoded NUL', 'a%00b'],
  ['a lone %', 'x%'],
  ['2 000 characters', 'x'.repeat(2_000)],
  ['2 000 encoded characters', '%C3%A9'.repeat(2_000)],
  ['dot-dot', '..'],
  ['encoded dot-dot', '%2e%2e'],
  ['dot', '.'],
  ['encoded slash', 'a%2Fb'],
  ['encoded backslash', '..%5C..%5Cwindows'],
  ['unicode', encodeURIComponent('jöb-😀-Ü')],
  ['zero-width and right-to-left', encodeURIComponent('\u200bjob\u202e')],
  ['SQL', encodeURIComponent("x' OR '1'='1")],
  ['HTML', encodeURIComponent('<script>alert(1)</script>')],
  ['matrix parameter', 'x;jsessionid=1'],
  ['uuid', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['huge number', '99999999999999999999999'],
  ['plus and space', 'a+b%20c'],
  ['dotfile', '.env'],
  ['file name', 'index.php'],
  ['Next.js internals', '_next'],
]);

/** Ways to change a real path as a whole (`/b/fuzz/jobs/x`). */
export const pathVariants: Named<(path: string) => string>[] = named([
  ['upper case', (path) => path.toUpperCase()],
  ['trailing slash', (path) => `${path}/`],
  ['double slashes', (path) => path.replaceAll('/', '//')],
  ['double slash at the start', (path) => `/${path}`],
  ['dot segments', (path) => path.replace(/\/([^/]+)$/, '/./x/../$1')],
  [
    'every character percent-encoded',
    (path) => path.replace(/[a-z0-9-]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
  ],
  ['an unknown child', (path) => `${path}/zz-unknown`],
  ['a .json suffix', (path) => `${path}.json`],
  ['an index.html', (path) => `${path}/index.html`],
]);

const long = (size: number) => 'x'.repeat(size);

/** Appended as the whole query string (`?` included) to a page of the board. */
export const hostileQueries: Named<string>[] = named([
  ['10 000-character q', `?q=${long(10_000)}`],
  ['10 000 encoded characters in q', `?q=${'%F0%9F%98%80'.repeat(2_500)}`],
  ['repeated q', '?q=engineer&q=fuzz&q='],
  ['q[]', '?q[]=x&q[]=y'],
  ['q[key]', '?q[a]=1&q[b][c]=2'],
  ['unknown keys', '?zzz=1&__proto__=x&constructor=y&toString=z'],
  ['200 keys', `?${Array.from({ length: 200 }, (_, index) => `k${index}=${index}`).join('&')}`],
  ['invalid percent-encoding in a value', '?q=%ZZ&page=%C0%AF'],
  ['invalid percent-encoding in a key', '?%ZZ=1&%=2'],
  ['NUL in q', '?q=a%00b'],
  ['empty pairs', '?&&=&==&q'],
  ['page -1', '?page=-1'],
  ['page 0', '?page=0'],
  ['page not a number', '?page=abc'],
  ['page 1e309', '?page=1e309'],
  ['page past every page', '?page=99999999999999999999'],
  ['page 1.5', '?page=1.5'],
  ['page hex', '?page=0x10'],
  ['repeated page', '?page=2&page=3'],
  ['unknown category', '?category=no-such-category'],
  ['long category', `?category=${long(300)}`],
  ['category[]', '?category[]=a&category[]=b'],
  ['unknown job_type', '?job_type=astronaut'],
  ['upper-case job_type', '?job_type=FULL-TIME'],
  ['job_type list', '?job_type=full-time,part-time,,'],
  ['remote yes', '?remote=yes'],
  ['remote 2', '?remote=2'],
  ['remote[]', '?remote[]=1'],
  ['unknown posted_within', '?posted_within=forever'],
  ['long location', `?location=${long(5_000)}`],
  ['every filter wrong', '?q=%00&category=%ZZ&job_type=x&remote=maybe&location=..&posted_within=-1&page=-5'],
  ['garbage token', '?token=not-a-token'],
  ['long token', `?token=${long(5_000)}`],
  ['token[]', '?token[]=a&token[]=b'],
  ['next to another site', '?next=https://evil.example/&email=ada@example.com'],
  ['next protocol-relative', '?next=//evil.example/x'],
  ['next javascript:', '?next=javascript:alert(1)'],
  ['garbage email', `?email=${encodeURIComponent('<a@b>')}`],
  ['Next.js _rsc', '?_rsc=zzzz'],
  ['Next.js internals', '?__nextDataReq=1&__nextLocale=xx&_next_static=1'],
]);

/** Sent with a GET of a board page. */
export const hostileHeaders: Named<Record<string, string | string[]>>[] = named<
  Record<string, string | string[]>
>([
  ['forged Host', { host: 'evil.example' }],
  ['forged Host with a port', { host: 'evil.example:1' }],
  ['Host of 2 000 characters', { host: `${long(2_000)}.example` }],
  ['Host an address', { host: '169.254.169.254' }],
  [
    'X-Forwarded-Host with a foreign Origin',
    { 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' },
  ],
  ['X-Forwarded-Proto and Port', { 'x-forwarded-proto': 'gopher', 'x-forwarded-port': '-1' }],
  ['huge cookie', { cookie: `big=${long(12_000)}` }],
  ['many cookies', { cookie: Array.from({ length: 400 }, (_, index) => `c${index}=${index}`).join('; ') }],
  ['garbage member session', { cookie: `${MEMBER_COOKIE}=not-a-session` }],
  ['long member session', { cookie: `${MEMBER_COOKIE}=${long(4_000)}` }],
  ['member session with %', { cookie: `${MEMBER_COOKIE}=%ZZ%00` }],
  ['two member sessions', { cookie: `${MEMBER_COOKIE}=a; ${MEMBER_COOKIE}=b` }],
  [
    'garbage dashboard session',
    { cookie: 'authjs.session-token=garbage; __Secure-authjs.session-token=garbage' },
  ],
  ['RSC', { rsc: '1' }],
  ['RSC prefetch', { rsc: '1', 'next-router-prefetch': '1' }],
  ['RSC with a garbage router state', { rsc: '1', 'next-router-state-tree': 'garbage' }],
  [
    'RSC with a deep router state',
    { rsc: '1', 'next-router-state-tree': encodeURIComponent(`${'['.repeat(500)}${']'.repeat(500)}`) },
  ],
  [
    'RSC segment prefetch',
    { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' },
  ],
  ['Next-Url garbage', { rsc: '1', 'next-url': '/%ZZ' }],
  ['Next-Action on a GET', { 'next-action': 'f'.repeat(42) }],
  ['Accept */*', { accept: '*/*' }],
  ['Accept text/html', { accept: 'text/html' }],
  ['Accept JSON', { accept: 'application/json' }],
  ['Accept garbage', { accept: ';;;q=x, text/*;q=NaN' }],
  ['Accept-Language garbage', { 'accept-language': `${long(500)}, *;q=2, ;;` }],
  ['Accept-Encoding garbage', { 'accept-encoding': 'br;q=2, gzip;q=NaN, zstd' }],
  ['If-None-Match garbage', { 'if-none-match': '"x", W/, *' }],
  ['If-Modified-Since garbage', { 'if-modified-since': 'yesterday' }],
  ['Range', { range: 'bytes=999999999-0' }],
  ['Sec-Purpose prefetch', { 'sec-purpose': 'prefetch;prerender', purpose: 'prefetch' }],
  ['bot user agent', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }],
  ['long user agent', { 'user-agent': long(8_000) }],
  [
    'forged internal headers',
    {
      'x-boardkit-board-base': 'https://evil.example',
      'x-nonce': '"><script>',
      'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy',
    },
  ],
  ['X-Forwarded-For garbage', { 'x-forwarded-for': '1.2.3.4, <script>, ::1' }],
]);

/** Whole bodies that are broken before any field is read, for the board's JSON endpoints. */
export const brokenJsonBodies: Named<{ contentType: string | null; body: string | Uint8Array }>[] = named<{
  contentType: string | null;
  body: string | Uint8Array;
}>([
  ['empty body', { contentType: 'application/json', body: '' }],
  ['truncated JSON', { contentType: 'application/json', body: '{"name": "pageview", ' }],
  ['JSON null', { contentType: 'application/json', body: 'null' }],
  ['JSON array', { contentType: 'application/json', body: '[1,2,3]' }],
  ['JSON string', { contentType: 'application/json', body: '"pageview"' }],
  ['trailing garbage', { contentType: 'application/json', body: '{} {}' }],
  ['byte order mark', { contentType: 'application/json', body: '\ufeff{}' }],
  [
    '10 000-deep array',
    { contentType: 'application/json', body: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  ],
  [
    '10 000-deep object',
    { contentType: 'application/json', body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
  ],
  [
    'invalid UTF-8',
    {
      contentType: 'application/json',
      body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    },
  ],
  [
    'UTF-16',
    {
      contentType: 'application/json; charset=utf-16',
      body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    },
  ],
  ['600 KB of JSON', { contentType: 'application/json', body: JSON.stringify({ name: long(600_000) }) }],
  ['no content type', { contentType: null, body: '{}' }],
  ['text/plain', { contentType: 'text/plain', body: '{"name":"pageview"}' }],
  ['form encoded', { contentType: 'application/x-www-form-urlencoded', body: 'name=pageview&url=x' }],
  [
    'multipart',
    {
      contentType: 'multipart/form-data; boundary=fuzz',
      body: '--fuzz\r\nContent-Disposition: form-data; name="name"\r\n\r\npageview\r\n--fuzz--\r\n',
    },
  ],
  [
    'XML',
    {
      contentType: 'application/xml',
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
  ],
  ['garbage content type', { contentType: 'application/json;;;charset==', body: '{}' }],
]);

/** JSON values put in place of one field of a valid body. */
export const hostileFieldValues: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  '\u0000',
  '\ud800',
  'x'.repeat(70_000),
  'javascript:alert(1)',
  'http://169.254.169.254/',
  '%ZZ',
  [],
  Array.from({ length: 2_000 }, (_, index) => index),
  {},
  JSON.parse('{"__proto__":{"polluted":true}}'),
  JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`),
];
