import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mimeForKey, sniffImageType } from './sniff';

describe('sniffImageType', () => {
  const base = () => sharp({ create: { width: 8, height: 8, channels: 4, background: '#08f8' } });

  it.each([
    ['image/png', () => base().png().toBuffer()],
    ['image/jpeg', () => base().jpeg().toBuffer()],
    ['image/gif', () => base().gif().toBuffer()],
    ['image/webp', () => base().webp().toBuffer()],
    ['image/avif', () => base().avif().toBuffer()],
  ])('recognizes %s from its bytes', async (mime, make) => {
    expect(await sniffImageType(await make())).toEqual({ mime, detected: mime });
  });

  it.each([
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- by a tool -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><svg width="1"/>',
  ])('recognizes SVG text %#', async (text) => {
    expect((await sniffImageType(Buffer.from(text))).mime).toBe('image/svg+xml');
  });

  it.each([
    ['PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'application/pdf'],
    ['ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(30).fill(0)]), 'application/zip'],
    ['HTML', Buffer.from('<html><svg></svg></html>'), null],
    ['XML that is not SVG', Buffer.from('<?xml version="1.0"?><rss/>'), 'application/xml'],
    ['plain text', Buffer.from('just words'), null],
    ['empty', Buffer.alloc(0), null],
  ])('refuses %s', async (_name, bytes, detected) => {
    expect(await sniffImageType(bytes)).toEqual({ mime: null, detected });
  });

  it('maps stored keys back to their type', () => {
    expect(mimeForKey('0190/abc.svg')).toBe('image/svg+xml');
    expect(mimeForKey('0190/thumb-abc.webp')).toBe('image/webp');
    expect(mimeForKey('0190/abc')).toBe('application/octet-stream');
  });
});
