// What a user agent says about the visitor's software: bots are not visitors at all.
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

export type Device = 'desktop' | 'mobile' | 'tablet';

export interface Agent {
  device: Device;
  browser: string | null;
  os: string | null;
}

export const isBot = (userAgent: string): boolean => userAgent.trim() === '' || isbot(userAgent);

export function parseAgent(userAgent: string): Agent {
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  return {
    device: type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    // "Mobile Safari" and "Safari" are one browser to a board owner.
    browser: result.browser.name?.replace(/^Mobile /, '') ?? null,
    os: result.os.name ?? null,
  };
}
