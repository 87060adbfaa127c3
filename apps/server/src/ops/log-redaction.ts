import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** What a secret's value is logged as. */
export const REDACTED = '[REDACTED]';

/**
 * Query (and path) parameters whose values are secrets: reset links' and sockets' tokens (token,
 * access_token), one-time and survey codes, API keys, secrets, passwords, signatures, Engine.IO's session id.
 */
const SECRET_NAME = /token|code|key|secret|passw|signature|^sig$|^sid$|^auth/i;

const decodeName = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** A query string (without its `?`) with the values of secret parameters replaced; the rest as it came. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      return eq !== -1 && SECRET_NAME.test(decodeName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
}

/** A URL (absolute or a path) with the values of its secret query parameters replaced (and its fragment's). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  if (q === -1 && h === -1) return url;
  const cut = q === -1 ? h : h === -1 ? q : Math.min(q, h);
  const path = url.slice(0, cut);
  let rest = url.slice(cut);
  let out = path;
  if (rest.startsWith('?')) {
    const end = rest.indexOf('#');
    const query = end === -1 ? rest.slice(1) : rest.slice(1, end);
    out += `?${redactQuery(query)}`;
    rest = end === -1 ? '' : rest.slice(end);
  }
  // A fragment can carry a token too (`#access_token=…`).
  if (rest.startsWith('#')) out += `#${redactQuery(rest.slice(1))}`;
  return out;
}

// `name=value` after `?`, `&` or `#` anywhere in a text (an error's message, a line that quotes a URL).
const PARAM_IN_TEXT = /([?&#])([^=&#\s"'<>?]+)=([^&#\s"'<>]*)/g;

/** Any text with the values of secret query parameters it quotes replaced. */
export function redactText(text: string): string {
  return text.replace(PARAM_IN_TEXT, (whole, sep: string, name: string) =>
    SECRET_NAME.test(decodeName(name)) ? `${sep}${name}=${REDACTED}` : whole,
  );
}

/**
 * The request's URL as a log line shows it: secret query parameters redacted, and the path segments of its
 * route's secret parameters (`/api/survey_answer/:code`) too.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url'> & Partial<Pick<FastifyRequest, 'routeOptions'>>) {
  const url = redactUrl(request.url);
  const pattern = request.routeOptions?.url;
  if (!pattern || !/:\w+/.test(pattern)) return url;
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  const segments = path.split('/');
  const names = pattern.split('/');
  if (segments.length !== names.length) return url;
  const redacted = segments.map((segment, i) => {
    const param = /^:(\w+)/.exec(names[i])?.[1];
    return param && SECRET_NAME.test(param) ? REDACTED : segment;
  });
  return `${redacted.join('/')}${cut === -1 ? '' : url.slice(cut)}`;
}

/** Fastify's request serializer, with the URL as loggedUrl gives it. */
function req(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: loggedUrl(request),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/**
 * The logger options every app gets (app.ts): no secret of a URL in any line. The request serializer logs the
 * URL redacted (reset links `?token=`, `code=`, `key=`, `secret=`, `password=`, `signature=`, a socket's
 * handshake `/socket.io/?…token=`, a survey's `survey_answer/:code`); every line is redacted again as it is
 * written, whatever quotes a URL (an error's message and stack, Fastify's "Route GET:/x?token=… not found");
 * the headers and fields that hold credentials are censored wherever a line carries them.
 */
export const LOG_REDACTION = {
  serializers: { req },
  hooks: { streamWrite: redactText },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      'headers.cookie',
      'password',
      'token',
      '*.password',
      '*.token',
    ],
    censor: REDACTED,
  },
} satisfies LoggerOptions;
