import https from 'node:https';
import net from 'node:net';
import { isPublicAddress, publicOnlyLookup } from '../../lib/public-address';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Plain TCP under `https.request`: web-push's sender always speaks TLS, so this agent is how it reaches a
 * push service on http:// at this machine's loopback address (the stand-in push service of the tests).
 */
class LoopbackHttpAgent extends https.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.createConnection(options);
  }
}

export type Transport = { ok: true; agent?: https.Agent } | { ok: false; reason: string };

/**
 * How a subscription's endpoint is reached: https as web-push does it, through an agent that refuses to
 * connect to a non-public address (the endpoint is written by a browser, so by anyone with a session: it
 * must not turn the server into a probe of its own network); http only at a loopback address (the subscribe
 * route accepts https alone, so such an endpoint was written by the server's own code); anything else is
 * refused.
 */
export class PushTransport {
  private loopback: LoopbackHttpAgent | undefined;
  private publicOnly: https.Agent | undefined;

  for(endpoint: string): Transport {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return { ok: false, reason: 'not a URL' };
    }
    if (url.protocol === 'https:') {
      // An address literal skips the lookup: judged here.
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (net.isIP(literal) && !isPublicAddress(literal)) return { ok: false, reason: 'not a public address' };
      this.publicOnly ??= new https.Agent({ keepAlive: true, lookup: publicOnlyLookup() });
      return { ok: true, agent: this.publicOnly };
    }
    if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
      this.loopback ??= new LoopbackHttpAgent({ keepAlive: false });
      return { ok: true, agent: this.loopback };
    }
    return { ok: false, reason: `${url.protocol} is not a push service scheme` };
  }

  close(): void {
    this.loopback?.destroy();
    this.publicOnly?.destroy();
  }
}
