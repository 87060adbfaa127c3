import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The CSP source of the tile server of TILE_URL: its origin (`https://tile.openstreetmap.org`), a
 * `{s}` subdomain as a wildcard (`https://*.tile.example.com`), nothing for a same-origin path.
 */
export function tileSource(tileUrl: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl.trim());
  if (!match) return null;
  const [, scheme, host] = match;
  const labels = host.split('.');
  if (labels.slice(1).some((label) => label.includes('{'))) return `${scheme.toLowerCase()}:`;
  const first = labels[0].includes('{') ? '*' : labels[0];
  const source = `${scheme.toLowerCase()}://${[first, ...labels.slice(1)].join('.')}`;
  return /^[a-z]+:\/\/[A-Za-z0-9*.:[\]-]+$/.test(source) ? source : `${scheme.toLowerCase()}:`;
}

/** ws:// and wss:// of the host the page was loaded from (Socket.IO), when the Host header is a plain host. */
function socketSources(req: IncomingMessage): string[] {
  const host = req.headers.host ?? '';
  if (!/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/.test(host)) return [];
  return [`ws://${host}`, `wss://${host}`];
}

/**
 * Security headers on every response (API JSON, errors, the SPA's files) through @fastify/helmet: a
 * CSP for the SPA (its own origin; the tile server's images and fetches; MapLibre's blob workers;
 * emotion's inline styles; Socket.IO's WebSocket), no framing (frame-ancestors 'none' and
 * X-Frame-Options DENY), nosniff, Referrer-Policy no-referrer.
 */
export const headersPlugin = fp(
  async (app: FastifyInstance, opts: { tileUrl: string; corsOrigin?: string; voiceWsUrl?: string }) => {
    const tiles = tileSource(opts.tileUrl);
    const extra = tiles ? [tiles] : [];
    // The softphone's SIP server (VOICE_WS_URL), often another port or host than the console's.
    const voice = opts.voiceWsUrl ? [new URL(opts.voiceWsUrl).origin.replace(/^http/, 'ws')] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // MUI's emotion injects <style> elements and MapLibre sets style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...extra],
          fontSrc: ["'self'", 'data:'],
          // Complaint recordings play from object URLs (fetched with the bearer token, then handed to <audio>).
          mediaSrc: ["'self'", 'blob:'],
          // MapLibre fetches raster tiles (and may fetch style resources) from the tile server.
          connectSrc: ["'self'", ...extra, ...voice, (req) => socketSources(req as IncomingMessage).join(' ')],
          workerSrc: ["'self'", 'blob:'],
          childSrc: ["'self'", 'blob:'],
          frameSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          manifestSrc: ["'self'"],
        },
      },
      frameguard: { action: 'deny' },
      // This host only: the console's host says nothing about its sibling subdomains.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
      referrerPolicy: { policy: 'no-referrer' },
      // Uploads (`/api/files`) may be shown by a web app served from a CORS origin.
      crossOriginResourcePolicy: { policy: opts.corsOrigin ? 'cross-origin' : 'same-origin' },
    });
  },
);
