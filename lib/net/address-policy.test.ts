import { describe, expect, it } from 'vitest';
import { blockedAddressReason } from './address-policy';

describe('blockedAddressReason', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    // Just outside blocked ranges.
    '172.32.0.1',
    '100.128.0.1',
    '198.20.0.1',
    '192.0.3.1',
    '11.0.0.1',
    '223.255.255.255',
    // IPv6 forms that carry a public IPv4 address.
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['10.0.0.1', 'a private address'],
    ['10.255.255.255', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.127.255.255', 'a carrier-grade NAT address'],
    ['169.254.1.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['240.0.0.1', 'a reserved or broadcast address'],
    ['255.255.255.255', 'a reserved or broadcast address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['198.19.255.255', 'a benchmarking address'],
    ['2001:2::1', 'a benchmarking address'],
    ['192.0.2.1', 'a documentation address'],
    ['198.51.100.7', 'a documentation address'],
    ['203.0.113.9', 'a documentation address'],
    ['2001:db8::1', 'a documentation address'],
    ['3fff::1', 'a documentation address'],
    ['192.0.0.8', 'an IETF protocol assignment address'],
    ['192.88.99.1', 'a 6to4 relay anycast address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['::ffff:7f00:1', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['::ffff:a9fe:a9fe', 'an IPv4-mapped address of 169.254.169.254, a cloud metadata address'],
    ['::127.0.0.1', 'an IPv4-compatible address of 127.0.0.1, a loopback address'],
    ['::a00:1', 'an IPv4-compatible address of 10.0.0.1, a private address'],
    ['64:ff9b::a00:1', 'a NAT64 address of 10.0.0.1, a private address'],
    ['64:ff9b::127.0.0.1', 'a NAT64 address of 127.0.0.1, a loopback address'],
    ['64:ff9b:1::1', 'a local-use NAT64 address'],
    ['2002:7f00:1::1', 'a 6to4 address of 127.0.0.1, a loopback address'],
    ['2002:a9fe:a9fe::', 'a 6to4 address of 169.254.169.254, a cloud metadata address'],
    ['2001::1', 'a Teredo address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo address'],
    ['100::1', 'a discard-only address'],
    ['fec0::1', 'not a global unicast address'],
    ['4000::1', 'not a global unicast address'],
    ['example.com', 'not an IP address'],
  ])('blocks %s as %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });
});
