// The offline dev providers hand an SMS code to whoever asks GET /dev/sms-outbox and log anyone in
// whose openid is posted to /dev/wechat/scan. That is only safe on the developer's own machine, so
// their routes answer local requests only, and a server reachable from elsewhere refuses to start
// with them unless ALLOW_DEV_PROVIDERS_ON_NETWORK=1 says it is meant.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { isLoopbackAddress, isLoopbackHost } from '../lib/client-source.js';

type ExposureConfig = Pick<Config, 'host' | 'trustProxy' | 'smsProvider' | 'wechatProvider'> & { pay: Pick<Config['pay'], 'provider'> };

/** Headers a proxy adds; a request that carries one came from somewhere else, whatever its socket says. */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-envoy-external-address',
]);

/**
 * True only for a request made on this machine: the socket's peer is a loopback address (never the
 * client address a trusted proxy reports), no proxy header is present, and the Host header names
 * this machine (which also shuts out DNS-rebinding pages in a local browser).
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(name)) return false;
  }
  return isLoopbackHost(req.headers.host);
}

export function devProviders(config: ExposureConfig): string[] {
  return [
    ...(config.smsProvider === 'dev' ? ['SMS_PROVIDER=dev'] : []),
    ...(config.wechatProvider === 'dev' ? ['WECHAT_PROVIDER=dev'] : []),
    // The sandbox completes any order through /dev/pay/simulate: membership for free.
    ...(config.pay.provider === 'sandbox' ? ['PAY_PROVIDER=sandbox'] : []),
  ];
}

/**
 * Why this configuration would make the dev providers reachable from other machines (HOST not
 * loopback, or a trusted proxy in front), or null when it does not or no dev provider is on.
 */
export function devExposure(config: ExposureConfig): string | null {
  const dev = devProviders(config);
  if (!dev.length) return null;
  const reasons = [
    ...(isLoopbackHost(config.host) ? [] : [`HOST=${config.host} accepts connections from other machines`]),
    ...(config.trustProxy === false ? [] : ['TRUST_PROXY says a proxy forwards outside requests']),
  ];
  return reasons.length ? `${dev.join(' and ')} while ${reasons.join(' and ')}` : null;
}

export type StartDecision = { start: true; warning: string | null } | { start: false; error: string };

/** Whether the server may start with this configuration, and what it must say if it does. */
export function devStartDecision(config: ExposureConfig & Pick<Config, 'allowDevProvidersOnNetwork'>): StartDecision {
  const exposure = devExposure(config);
  if (!exposure) return { start: true, warning: null };
  if (!config.allowDevProvidersOnNetwork) {
    return {
      start: false,
      error: banner([
        `REFUSING TO START: ${exposure}.`,
        'Dev providers show SMS codes and simulate WeChat scans, so anyone who can reach them can take over any account.',
        'Either configure real providers, or listen on loopback only (unset HOST, or HOST=127.0.0.1; no TRUST_PROXY),',
        'or, for a closed test network, set ALLOW_DEV_PROVIDERS_ON_NETWORK=1 (the /dev routes still answer this machine only).',
      ]),
    };
  }
  return {
    start: true,
    warning: banner([
      `DEV PROVIDERS ON A NETWORK: ${exposure} (ALLOW_DEV_PROVIDERS_ON_NETWORK=1).`,
      'SMS codes are not sent to phones and WeChat logins are simulated; /dev routes answer requests from this machine only.',
      'Never run this configuration where real users sign up.',
    ]),
  };
}

function banner(lines: string[]): string {
  const rule = '!'.repeat(100);
  return [rule, ...lines.map((l) => `!! ${l}`), rule].join('\n');
}
