// The board's own POST routes, sent broken: the apply route's multipart (with JavaScript, the form
// posts there and reads JSON) and the one-click unsubscribe link of alert mails.
import { multipart, type Part, PDF } from './multipart';
import type { Probe } from './probe';

/** Rotates the sending address over 127.0.1.1–127.0.4.250, so per-address limits do not hide the checks behind. */
export const loopback = (index: number) => `127.0.${1 + (Math.floor(index / 250) % 4)}.${1 + (index % 250)}`;

/** The apply route's POST (the form with JavaScript: multipart in, JSON out). */
export function applyProbes(route: string, path: string): Probe[] {
  const valid: Part[] = [
    { name: 'name', value: 'Ada Lovelace' },
    { name: 'email', value: 'ada@example.com' },
    { name: 'phone', value: '+44 20 7946 0000' },
    { name: 'cover_letter', value: 'I break things on purpose.' },
    { name: 'resume', value: PDF, filename: 'resume.pdf', type: 'application/pdf' },
  ];
  const without = (name: string) => valid.filter((part) => part.name !== name);
  const replaced = (name: string, part: Partial<Part>) =>
    valid.map((field) => (field.name === name ? { ...field, ...part } : field));
  const cases: [string, Part[]][] = [
    ['valid', valid],
    ...['name', 'email', 'cover_letter', 'resume'].map((name): [string, Part[]] => [
      `missing ${name}`,
      without(name),
    ]),
    ['name of 100 000 characters', replaced('name', { value: 'x'.repeat(100_000) })],
    ['cover letter of 1 MB', replaced('cover_letter', { value: 'x'.repeat(1_000_000) })],
    ['email garbage', replaced('email', { value: '<script>@x' })],
    ['NUL in every field', valid.map((part) => (part.filename ? part : { ...part, value: `a\u0000b` }))],
    ['resume as text', replaced('resume', { value: 'not a file', filename: undefined, type: undefined })],
    [
      'resume an image',
      replaced('resume', {
        value: Buffer.from('GIF89a\x01\x00\x01\x00'),
        filename: 'x.pdf',
        type: 'application/pdf',
      }),
    ],
    ['resume empty', replaced('resume', { value: new Uint8Array(0) })],
    ['resume with a hostile name', replaced('resume', { filename: '../../etc/passwd\u0000.pdf' })],
    [
      'resume of 11 MB',
      replaced('resume', { value: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]) }),
    ],
    ['every field twice', [...valid, ...valid]],
    [
      'fields as files',
      valid.map((part) => ({ ...part, filename: part.filename ?? 'x.txt', type: part.type ?? 'text/plain' })),
    ],
    ['honeypot filled', [...valid, { name: 'website', value: 'https://spam.example' }]],
  ];
  const probes: Probe[] = cases.map(([name, parts], index) => {
    const { contentType, body } = multipart(parts);
    return {
      route,
      target: 'handler',
      kind: `apply: ${name}`,
      method: 'POST',
      path,
      headers: { 'content-type': contentType },
      body,
      localAddress: loopback(index),
      // 5 s, and a second for every megabyte sent.
      ...(body.length > 1_000_000 ? { timeLimitMs: 5_000 + Math.ceil(body.length / 1_000_000) * 1_000 } : {}),
    };
  });
  const raw: [string, Record<string, string>, string | Uint8Array][] = [
    ['no body', {}, ''],
    ['JSON', { 'content-type': 'application/json' }, JSON.stringify({ name: 'Ada', email: 'a@b.c' })],
    [
      'URL-encoded',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'name=Ada&email=a%40b.c&cover_letter=x',
    ],
    ['multipart without boundary', { 'content-type': 'multipart/form-data' }, '--x\r\n\r\n'],
    [
      'truncated multipart',
      { 'content-type': 'multipart/form-data; boundary=fuzz' },
      '--fuzz\r\nContent-Disposition: form-data; name="resume"; filename="a.pdf"\r\n\r\n%PDF',
    ],
    ['multipart of garbage', { 'content-type': 'multipart/form-data; boundary=fuzz' }, 'x'.repeat(10_000)],
    [
      'from another origin',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      'name=x',
    ],
    [
      'cross-site fetch',
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      'name=x',
    ],
    [
      'garbage member session',
      { 'content-type': 'application/x-www-form-urlencoded', cookie: 'bk_member=garbage' },
      'name=x',
    ],
  ];
  for (const [index, [name, headers, body]] of raw.entries()) {
    probes.push({
      route,
      target: 'handler',
      kind: `apply: ${name}`,
      method: 'POST',
      path,
      headers,
      body,
      localAddress: loopback(100 + index),
    });
  }
  return probes;
}

/** The one-click unsubscribe POST (RFC 8058) with tokens that are not ours. */
export function unsubscribeProbes(route: string, path: string): Probe[] {
  const base = path.replace(/\/[^/]+$/, '');
  const tokens = ['x', 'x'.repeat(3_000), '%ZZ', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', '..'];
  return tokens.map((token) => ({
    route,
    target: 'handler',
    kind: `unsubscribe POST: token ${token.slice(0, 20)}`,
    method: 'POST',
    path: `${base}/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  }));
}
