import { describe, expect, it } from 'vitest';
import { agentOf } from './agent';

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('agentOf', () => {
  it('reads device, browser and system, and answers a repeated agent the same', () => {
    expect(agentOf(IPAD)).toEqual({ device: 'tablet', browser: 'Safari', os: 'iOS' });
    expect(agentOf(FIREFOX)).toEqual({ device: 'desktop', browser: 'Firefox', os: 'Ubuntu' });
    expect(agentOf(FIREFOX)).toEqual(agentOf(FIREFOX));
  });

  it('calls crawlers, tools and silent agents bots', () => {
    expect(agentOf('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('bot');
    expect(agentOf('curl/8.5.0')).toBe('bot');
    expect(agentOf('  ')).toBe('bot');
  });

  it('still reads an agent too long to keep', () => {
    expect(agentOf(`${FIREFOX} ${'x'.repeat(2_000)}`)).toMatchObject({ browser: 'Firefox' });
  });
});
