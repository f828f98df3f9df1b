// Which IP addresses a customer URL may reach: public unicast only (IANA special-purpose registries).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

type Range = { label: string; cidrs: string[] };

// First match wins, so the specific metadata addresses come before the ranges that contain them.
const IPV4_RANGES: Range[] = [
  { label: 'a cloud metadata address', cidrs: ['169.254.169.254/32', '100.100.100.200/32'] },
  { label: 'an unspecified address', cidrs: ['0.0.0.0/8'] },
  { label: 'a loopback address', cidrs: ['127.0.0.0/8'] },
  { label: 'a private address', cidrs: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'] },
  { label: 'a carrier-grade NAT address', cidrs: ['100.64.0.0/10'] },
  { label: 'a link-local address', cidrs: ['169.254.0.0/16'] },
  { label: 'an IETF protocol assignment address', cidrs: ['192.0.0.0/24'] },
  { label: 'a documentation address', cidrs: ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'] },
  { label: 'a benchmarking address', cidrs: ['198.18.0.0/15'] },
  { label: 'a 6to4 relay anycast address', cidrs: ['192.88.99.0/24'] },
  { label: 'a multicast address', cidrs: ['224.0.0.0/4'] },
  { label: 'a reserved or broadcast address', cidrs: ['240.0.0.0/4'] },
];

// Checked before the IPv4-carrying forms: the IPv4-compatible prefix ::/96 contains :: and ::1.
const IPV6_SINGLE_ADDRESSES: Range[] = [
  { label: 'a cloud metadata address', cidrs: ['fd00:ec2::254/128'] },
  { label: 'an unspecified address', cidrs: ['::/128'] },
  { label: 'a loopback address', cidrs: ['::1/128'] },
];

const IPV6_RANGES: Range[] = [
  { label: 'a local-use NAT64 address', cidrs: ['64:ff9b:1::/48'] },
  { label: 'a discard-only address', cidrs: ['100::/64'] },
  // Teredo tunnels to an obfuscated IPv4 address that cannot be judged reliably.
  { label: 'a Teredo address', cidrs: ['2001::/32'] },
  { label: 'a benchmarking address', cidrs: ['2001:2::/48'] },
  { label: 'a documentation address', cidrs: ['2001:db8::/32', '3fff::/20'] },
  { label: 'a unique-local address', cidrs: ['fc00::/7'] },
  { label: 'a link-local address', cidrs: ['fe80::/10'] },
  { label: 'a multicast address', cidrs: ['ff00::/8'] },
];

// Everything public on IPv6 is inside 2000::/3; the rest (site-local, reserved, …) is refused.
const IPV6_GLOBAL_UNICAST = blockList(['2000::/3'], 'ipv6');

const ipv4Lists = labelledLists(IPV4_RANGES, 'ipv4');
const ipv6SingleLists = labelledLists(IPV6_SINGLE_ADDRESSES, 'ipv6');
const ipv6Lists = labelledLists(IPV6_RANGES, 'ipv6');

/**
 * Why `address` must not be connected to (e.g. "a loopback address"), or null when it is public.
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
 */
export function blockedAddressReason(address: string): string | null {
  if (isIPv4(address)) return firstMatch(ipv4Lists, address, 'ipv4');
  // A zone (fe80::1%eth0) only scopes a link-local address; it does not change the address.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return 'not an IP address';

  const single = firstMatch(ipv6SingleLists, bare, 'ipv6');
  if (single) return single;
  const embedded = embeddedIpv4(ipv6Groups(bare));
  if (embedded) {
    const reason = firstMatch(ipv4Lists, embedded.ipv4, 'ipv4');
    return reason && `${embedded.kind} of ${embedded.ipv4}, ${reason}`;
  }
  const range = firstMatch(ipv6Lists, bare, 'ipv6');
  if (range) return range;
  return IPV6_GLOBAL_UNICAST.check(bare, 'ipv6') ? null : 'not a global unicast address';
}

type LabelledList = { label: string; list: BlockList };

function firstMatch(lists: LabelledList[], address: string, family: 'ipv4' | 'ipv6'): string | null {
  return lists.find(({ list }) => list.check(address, family))?.label ?? null;
}

function labelledLists(ranges: Range[], family: 'ipv4' | 'ipv6'): LabelledList[] {
  return ranges.map(({ label, cidrs }) => ({ label, list: blockList(cidrs, family) }));
}

function embeddedIpv4(groups: number[]): { kind: string; ipv4: string } | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const [g0, g1, g2, , , g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (zeros(0, 5) && g5 === 0xffff) return { kind: 'an IPv4-mapped address', ipv4: ipv4(g6, g7) };
  if (zeros(0, 6)) return { kind: 'an IPv4-compatible address', ipv4: ipv4(g6, g7) };
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return { kind: 'a NAT64 address', ipv4: ipv4(g6, g7) };
  if (g0 === 0x2002) return { kind: 'a 6to4 address', ipv4: ipv4(g1, g2) };
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address, with "::" expanded and a dotted-quad tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.lastIndexOf(':') < text.indexOf('.');
  if (dotted) {
    const cut = text.lastIndexOf(':') + 1;
    const [a, b, c, d] = text.slice(cut).split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, cut)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

function blockList(cidrs: string[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), family);
  }
  return list;
}
