// Checks a customer-supplied URL before it is saved and before every request: scheme, host, addresses.
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { env } from '@/lib/core/env';
import { blockedAddressReason } from './address-policy';

export type TargetErrorReason =
  | 'invalid_url'
  | 'blocked_target'
  | 'dns_error'
  | 'timeout'
  | 'network_error'
  | 'too_many_redirects';

/** A request to a customer URL that was refused or failed before an HTTP response arrived. */
export class TargetError extends Error {
  readonly reason: TargetErrorReason;

  constructor(reason: TargetErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TargetError';
    this.reason = reason;
  }
}

export type TargetPolicyOptions = {
  /** Allow any address and host name (local development, tests). Default: ALLOW_PRIVATE_NETWORK_TARGETS. */
  allowPrivateNetwork?: boolean;
  /** Allow http: URLs. Default: allowPrivateNetwork, or NODE_ENV=development. */
  allowHttp?: boolean;
  /** Resolves a host name to every address it has. Default: the system resolver (dns.lookup). */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
  /** How long a lookup may take before the host counts as unresolvable (`dns_error`). Default 2 s. */
  lookupTimeoutMs?: number;
  /**
   * Exempts one resolved address from the address policy. Tests use it to let a made-up public name
   * reach a local server while everything else stays checked.
   */
  isAllowedAddress?: (address: string, hostname: string) => boolean;
};

export type TargetCheck =
  | { ok: true; url: URL }
  | { ok: false; code: 'invalid_url' | 'blocked_target' | 'dns_error'; reason: string };

// Names that point at the machine itself or at a cloud metadata service whatever DNS says.
const BLOCKED_HOSTNAMES = new Map([
  ['localhost', 'a local host name'],
  ['metadata.google.internal', 'a cloud metadata host name'],
]);

/**
 * Synchronous check for saving a URL: syntax, scheme, no userinfo, and host names and IP literals
 * that are refused without DNS. `reason` is a sentence for the user; `code` is TargetError's reason.
 */
export function validateTargetUrl(url: string, options: TargetPolicyOptions = {}): TargetCheck {
  const policy = resolvePolicy(options);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, code: 'invalid_url', reason: 'not an absolute URL' };
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && policy.allowHttp)) {
    return { ok: false, code: 'invalid_url', reason: `the URL must use https: (got ${parsed.protocol})` };
  }
  if (parsed.username || parsed.password) {
    return { ok: false, code: 'invalid_url', reason: 'the URL must not contain a user name or password' };
  }
  if (policy.allowPrivateNetwork) return { ok: true, url: parsed };

  const host = bareHost(parsed);
  const nameReason = blockedHostnameReason(host);
  if (nameReason) return { ok: false, code: 'blocked_target', reason: `${host} is ${nameReason}` };
  if (isIP(host)) {
    const addressReason = addressVerdict(host, host, policy);
    if (addressReason) return { ok: false, code: 'blocked_target', reason: `${host} is ${addressReason}` };
  }
  return { ok: true, url: parsed };
}

/** validateTargetUrl plus DNS: refused when ANY address the host resolves to is blocked. */
export async function checkTargetUrl(url: string, options: TargetPolicyOptions = {}): Promise<TargetCheck> {
  const checked = validateTargetUrl(url, options);
  if (!checked.ok) return checked;
  try {
    await resolveTargetAddresses(checked.url, options);
    return checked;
  } catch (error) {
    if (error instanceof TargetError && (error.reason === 'blocked_target' || error.reason === 'dns_error')) {
      return { ok: false, code: error.reason, reason: error.message };
    }
    throw error;
  }
}

/**
 * The addresses to connect to for a URL that passed validateTargetUrl; every one is checked, and the
 * caller must connect to these and no others. Throws TargetError (blocked_target, dns_error).
 */
export async function resolveTargetAddresses(
  url: URL,
  options: TargetPolicyOptions = {},
): Promise<LookupAddress[]> {
  const policy = resolvePolicy(options);
  const host = bareHost(url);
  const family = isIP(host);
  if (family) return [{ address: host, family }];

  let addresses: LookupAddress[];
  try {
    addresses = await withTimeout(policy.lookup(host), policy.lookupTimeoutMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
    throw new TargetError('dns_error', `${host} could not be resolved (${code})`, { cause: error });
  }
  if (addresses.length === 0) throw new TargetError('dns_error', `${host} has no address`);
  if (policy.allowPrivateNetwork) return addresses;
  for (const { address } of addresses) {
    const reason = addressVerdict(address, host, policy);
    if (reason) throw new TargetError('blocked_target', `${host} resolves to ${address}, ${reason}`);
  }
  return addresses;
}

/** Why a host name (lower case, as URL parsing leaves it) is refused by name, or null. */
export function blockedHostnameReason(hostname: string): string | null {
  const name = hostname.replace(/\.+$/, '');
  if (name.endsWith('.localhost')) return BLOCKED_HOSTNAMES.get('localhost')!;
  return BLOCKED_HOSTNAMES.get(name) ?? null;
}

type Policy = Required<Omit<TargetPolicyOptions, 'isAllowedAddress'>> &
  Pick<TargetPolicyOptions, 'isAllowedAddress'>;

function resolvePolicy(options: TargetPolicyOptions): Policy {
  const config = env();
  const allowPrivateNetwork = options.allowPrivateNetwork ?? config.ALLOW_PRIVATE_NETWORK_TARGETS;
  return {
    allowPrivateNetwork,
    allowHttp: options.allowHttp ?? (allowPrivateNetwork || config.NODE_ENV === 'development'),
    lookup: options.lookup ?? systemLookup,
    lookupTimeoutMs: options.lookupTimeoutMs ?? DNS_TIMEOUT_MS,
    isAllowedAddress: options.isAllowedAddress,
  };
}

/** A slow resolver must not hold a request (POST /webhooks) or a delivery worker for long. */
export const DNS_TIMEOUT_MS = 2_000;

/** The lookup's answer, or an ETIMEOUT error once `ms` pass (the lookup itself cannot be cancelled). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`DNS lookup timed out after ${ms} ms`), { code: 'ETIMEOUT' })),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function systemLookup(hostname: string): Promise<LookupAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

function addressVerdict(address: string, hostname: string, policy: Policy): string | null {
  if (policy.isAllowedAddress?.(address, hostname)) return null;
  return blockedAddressReason(address);
}

/** URL.hostname without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
