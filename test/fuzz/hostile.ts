// The hostile half of the fuzzer: values no schema asks for, and bodies no client should send.
// Every one of them must be answered with a 4xx in the error envelope (or accepted), never a 5xx.

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Values put in place of one field of a valid body. */
export const hostileValues: unknown[] = [
  null,
  true,
  0,
  -1,
  -0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'tail \udfff',
  '\u202eevil',
  '\ufeffbom',
  'x'.repeat(256),
  'x'.repeat(70_000),
  '😀'.repeat(5_000),
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '0x1f',
  "' OR 1=1 --",
  "'; DROP TABLE jobs; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:5432/',
  'file:///etc/passwd',
  '2026-02-30T25:61:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{{7*7}}',
  '$' + '{jndi:ldap://x}',
  [],
  [null],
  Array.from({ length: 5_000 }, (_, index) => `item-${index}`),
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '\u0000' }] }] },
];

/** Query or path values, sent percent-encoded. */
export const hostileStrings: string[] = [
  '',
  '-1',
  '0',
  '1e308',
  '9007199254740993',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '\u0000',
  '\ud800',
  '%',
  '%zz',
  '..',
  '../..',
  '<script>',
  "' OR '1'='1",
  'a,b,,c,',
  ','.repeat(2_000),
  'x'.repeat(5_000),
  '😀',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
];

export interface RawBody {
  name: string;
  contentType: string | null;
  body: string | Uint8Array<ArrayBuffer>;
}

/** Whole bodies that are broken before any field is read. */
export const rawBodies: RawBody[] = [
  { name: 'empty body', contentType: 'application/json', body: '' },
  { name: 'truncated JSON', contentType: 'application/json', body: '{"title": "x", ' },
  { name: 'JSON null', contentType: 'application/json', body: 'null' },
  { name: 'JSON array', contentType: 'application/json', body: '[1,2,3]' },
  { name: 'JSON string', contentType: 'application/json', body: '"hello"' },
  { name: 'JSON number', contentType: 'application/json', body: '42' },
  { name: 'trailing garbage', contentType: 'application/json', body: '{} {}' },
  { name: 'byte order mark', contentType: 'application/json', body: '\ufeff{}' },
  { name: 'duplicate keys', contentType: 'application/json', body: '{"a":1,"a":{"b":2}}' },
  { name: 'escaped NUL key', contentType: 'application/json', body: '{"\\u0000":1}' },
  { name: 'lone surrogate escape', contentType: 'application/json', body: '{"name":"\\ud800"}' },
  { name: '10 000-deep array', contentType: 'application/json', body: deepArray(10_000) },
  { name: '10 000-deep object', contentType: 'application/json', body: deepObject(10_000) },
  {
    name: 'invalid UTF-8',
    contentType: 'application/json',
    body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  },
  {
    name: 'UTF-16 body',
    contentType: 'application/json; charset=utf-16',
    body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  },
  {
    name: '2 MB of JSON',
    contentType: 'application/json',
    body: JSON.stringify({ title: 'x'.repeat(2_000_000) }),
  },
  { name: 'no content type', contentType: null, body: '{}' },
  { name: 'text/plain', contentType: 'text/plain', body: '{}' },
  { name: 'form encoded', contentType: 'application/x-www-form-urlencoded', body: 'title=x&description=y' },
  { name: 'multipart without boundary', contentType: 'multipart/form-data', body: '--x\r\n\r\n' },
  {
    name: 'truncated multipart',
    contentType: 'multipart/form-data; boundary=fuzz',
    body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  { name: 'garbage content type', contentType: 'application/json;;;charset==', body: '{}' },
];

/** Headers that should change nothing or be refused cleanly. */
export const hostileHeaders: Record<string, string>[] = [
  { 'idempotency-key': 'x'.repeat(300) },
  { 'idempotency-key': ' ' },
  { 'x-forwarded-for': '1.2.3.4, <script>' },
  { 'x-request-id': 'x'.repeat(2_000) },
  { accept: 'text/html' },
  { 'accept-encoding': 'br;q=2, gzip;q=NaN' },
];
