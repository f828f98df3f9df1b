// What a user agent says about the visitor's software: bots are not visitors at all.
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { BoundedMap } from '@/lib/cache';

export type Device = 'desktop' | 'mobile' | 'tablet';

export interface Agent {
  device: Device;
  browser: string | null;
  os: string | null;
}

const isBot = (userAgent: string): boolean => userAgent.trim() === '' || isbot(userAgent);

function parseAgent(userAgent: string): Agent {
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  return {
    device: type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    // "Mobile Safari" and "Safari" are one browser to a board owner.
    browser: result.browser.name?.replace(/^Mobile /, '') ?? null,
    os: result.os.name ?? null,
  };
}

/**
 * A few browser versions send most of the traffic, and parsing one costs more than the rest of an
 * event: each agent is read once per process. Agents longer than any real browser's are not kept.
 */
const KEPT_AGENT_LENGTH = 512;
const known = new BoundedMap<Agent | 'bot'>('user agents', 2 * 1024 * 1024);

/** The visitor's software, or 'bot' for crawlers, tools and agents that say nothing. */
export function agentOf(userAgent: string): Agent | 'bot' {
  const hit = known.get(userAgent);
  if (hit) return hit;
  const agent = isBot(userAgent) ? 'bot' : parseAgent(userAgent);
  if (userAgent.length <= KEPT_AGENT_LENGTH) known.set(userAgent, agent);
  return agent;
}
