import { createHash, randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/**
 * A minimal SIP user agent over WebSocket (RFC 7118) for the voice tests: REGISTER with digest
 * authentication, INVITE, and answering, declining or ignoring the INVITEs the SIP server forks to it.
 * Enough SIP to drive Kamailio as the console's softphones and a caller would; no media.
 */
export interface SipMessage {
  /** Request method, or null for a response. */
  method: string | null;
  status: number | null;
  reason: string;
  headers: Map<string, string[]>;
  body: string;
  raw: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const token = () => randomBytes(6).toString('hex');

export function parseSip(raw: string): SipMessage {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [start, ...lines] = head.split('\r\n');
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const i = line.indexOf(':');
    const name = line.slice(0, i).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  const response = /^SIP\/2\.0 (\d{3}) (.*)$/.exec(start);
  return {
    method: response ? null : start.split(' ')[0],
    status: response ? Number(response[1]) : null,
    reason: response ? response[2] : '',
    headers,
    body: rest.join('\r\n\r\n'),
    raw,
  };
}

export interface OutgoingCall {
  callId: string;
  fromTag: string;
  via: string;
  cseq: number;
  uri: string;
}

export const header = (m: SipMessage, name: string) => m.headers.get(name.toLowerCase())?.[0] ?? '';

export class SipClient {
  private readonly socket: WebSocket;
  private readonly waiters: { match: (m: SipMessage) => boolean; resolve: (m: SipMessage) => void }[] = [];
  readonly received: SipMessage[] = [];
  private cseq = 1;
  readonly host = `${token()}.invalid`;

  private constructor(
    socket: WebSocket,
    readonly domain: string,
    readonly user: string,
  ) {
    this.socket = socket;
    socket.on('message', (data) => {
      const message = parseSip(data.toString());
      // Rung: a softphone says so at once (JsSIP does), which lets the server cancel it later.
      if (message.method === 'INVITE') this.reply(message, 180, 'Ringing');
      // A softphone rung and then cancelled (the queue moved on, or the caller gave up) ends its INVITE.
      if (message.method === 'CANCEL') {
        const i = this.received.findIndex(
          (m) => m.method === 'INVITE' && header(m, 'call-id') === header(message, 'call-id'),
        );
        if (i >= 0) {
          const [invite] = this.received.splice(i, 1);
          this.reply(message, 200, 'OK');
          this.reply(invite, 487, 'Request Terminated');
          return;
        }
      }
      const waiter = this.waiters.findIndex((w) => w.match(message));
      if (waiter >= 0) this.waiters.splice(waiter, 1)[0].resolve(message);
      else this.received.push(message);
    });
  }

  /** Opens the WebSocket (subprotocol sip) with this Origin; rejects when the handshake is refused. */
  static connect(url: string, origin: string, domain: string, user: string): Promise<SipClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, 'sip', { headers: { origin } });
      socket.once('open', () => resolve(new SipClient(socket, domain, user)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  close(): void {
    this.socket.close();
  }

  send(raw: string): void {
    this.socket.send(raw);
  }

  /** The next message (already received or to come) that matches. */
  next(match: (m: SipMessage) => boolean, ms = 10_000): Promise<SipMessage> {
    const i = this.received.findIndex(match);
    if (i >= 0) return Promise.resolve(this.received.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: SipMessage) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`${this.user}: no matching SIP message within ${ms} ms`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** A final response (>= 200) to the request with this Call-ID and CSeq method. */
  final(callId: string, method: string, ms?: number): Promise<SipMessage> {
    return this.next(
      (m) =>
        m.status !== null && m.status >= 200 && header(m, 'call-id') === callId && header(m, 'cseq').endsWith(method),
      ms,
    );
  }

  private request(method: string, uri: string, callId: string, extra: string[], body = '', fromTag = token()) {
    const via = `SIP/2.0/WSS ${this.host};branch=z9hG4bK${token()};rport`;
    const cseq = this.cseq++;
    const lines = [
      `${method} ${uri} SIP/2.0`,
      `Via: ${via}`,
      'Max-Forwards: 70',
      `From: <sip:${this.user}@${this.domain}>;tag=${fromTag}`,
      `Call-ID: ${callId}`,
      `CSeq: ${cseq} ${method}`,
      ...extra,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    this.send(lines.join('\r\n'));
    return { via, cseq };
  }

  /** REGISTER, answering the digest challenge with these credentials; the final response. */
  async register(username: string, password: string, expires = 600): Promise<SipMessage> {
    const callId = token();
    const uri = `sip:${this.domain}`;
    const base = [
      `To: <sip:${this.user}@${this.domain}>`,
      `Contact: <sip:${this.user}@${this.host};transport=ws>;expires=${expires}`,
    ];
    this.request('REGISTER', uri, callId, base);
    const challenge = await this.final(callId, 'REGISTER');
    if (challenge.status !== 401) return challenge;
    const www = header(challenge, 'www-authenticate');
    const realm = /realm="([^"]+)"/.exec(www)?.[1] ?? '';
    const nonce = /nonce="([^"]+)"/.exec(www)?.[1] ?? '';
    const response = md5(`${md5(`${username}:${realm}:${password}`)}:${nonce}:${md5(`REGISTER:${uri}`)}`);
    this.request('REGISTER', uri, callId, [
      ...base,
      `Authorization: Digest username="${username}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5`,
    ]);
    return this.final(callId, 'REGISTER');
  }

  /** The Proxy-Authorization answering a 407 challenge to `method uri` with these credentials. */
  private proxyAuthorization(challenge: SipMessage, method: string, uri: string, username: string, password: string) {
    const proxy = header(challenge, 'proxy-authenticate');
    const realm = /realm="([^"]+)"/.exec(proxy)?.[1] ?? '';
    const nonce = /nonce="([^"]+)"/.exec(proxy)?.[1] ?? '';
    const response = md5(`${md5(`${username}:${realm}:${password}`)}:${nonce}:${md5(`${method}:${uri}`)}`);
    return `Proxy-Authorization: Digest username="${username}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5`;
  }

  /** MESSAGE to another SIP user, answering the proxy's digest challenge with these credentials; the final response. */
  async message(to: string, username: string, password: string, text = 'hello'): Promise<SipMessage> {
    const callId = token();
    const uri = `sip:${to}@${this.domain}`;
    const base = [`To: <${uri}>`, 'Content-Type: text/plain'];
    this.request('MESSAGE', uri, callId, base, text);
    const challenge = await this.final(callId, 'MESSAGE');
    if (challenge.status !== 407) return challenge;
    this.request(
      'MESSAGE',
      uri,
      callId,
      [...base, this.proxyAuthorization(challenge, 'MESSAGE', uri, username, password)],
      text,
    );
    return this.final(callId, 'MESSAGE');
  }

  /** An operator's call to a number (out through the trunk), with this SDP, answering the proxy's challenge. */
  async dial(number: string, username: string, password: string, sdp: string): Promise<OutgoingCall> {
    const callId = `${token()}@test`;
    const fromTag = token();
    const uri = `sip:${number}@${this.domain}`;
    const base = [
      `To: <${uri}>`,
      `Contact: <sip:${this.user}@${this.host};transport=ws>`,
      'Content-Type: application/sdp',
    ];
    this.request('INVITE', uri, callId, base, sdp, fromTag);
    const challenge = await this.final(callId, 'INVITE');
    if (challenge.status !== 407) throw new Error(`no challenge to the call: ${challenge.raw}`);
    const auth = this.proxyAuthorization(challenge, 'INVITE', uri, username, password);
    const { via, cseq } = this.request('INVITE', uri, callId, [...base, auth], sdp, fromTag);
    return { callId, fromTag, via, cseq, uri };
  }

  /** Calls a number without authentication (the inbound number is public, as a company's number is). */
  invite(number: string): OutgoingCall {
    const callId = `${token()}@test`;
    const fromTag = token();
    const uri = `sip:${number}@${this.domain}`;
    const sdp = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\n';
    const { via, cseq } = this.request(
      'INVITE',
      uri,
      callId,
      [`To: <${uri}>`, `Contact: <sip:${this.user}@${this.host};transport=ws>`, 'Content-Type: application/sdp'],
      sdp,
      fromTag,
    );
    return { callId, fromTag, via, cseq, uri };
  }

  /** CANCEL of a pending INVITE: the same Via branch and CSeq number. */
  cancel(call: OutgoingCall): void {
    const lines = [
      `CANCEL ${call.uri} SIP/2.0`,
      `Via: ${call.via}`,
      'Max-Forwards: 70',
      `From: <sip:${this.user}@${this.domain}>;tag=${call.fromTag}`,
      `To: <${call.uri}>`,
      `Call-ID: ${call.callId}`,
      `CSeq: ${call.cseq} CANCEL`,
      'Content-Length: 0',
      '',
      '',
    ];
    this.send(lines.join('\r\n'));
  }

  /** ACK or BYE within the dialog a 200 OK to our INVITE set up (its Contact, its Record-Route reversed). */
  inDialog(method: 'ACK' | 'BYE', call: OutgoingCall, ok: SipMessage): string {
    const target = /<([^>]+)>/.exec(header(ok, 'contact'))?.[1] ?? call.uri;
    const routes = (ok.headers.get('record-route') ?? []).flatMap((r) => r.split(',').map((x) => x.trim())).reverse();
    const lines = [
      `${method} ${target} SIP/2.0`,
      `Via: SIP/2.0/WSS ${this.host};branch=z9hG4bK${token()};rport`,
      'Max-Forwards: 70',
      ...routes.map((r) => `Route: ${r}`),
      `From: <sip:${this.user}@${this.domain}>;tag=${call.fromTag}`,
      `To: ${header(ok, 'to')}`,
      `Call-ID: ${call.callId}`,
      `CSeq: ${method === 'ACK' ? call.cseq : this.cseq++} ${method}`,
      'Content-Length: 0',
      '',
      '',
    ];
    this.send(lines.join('\r\n'));
    return call.callId;
  }

  /** Replies to a request received (copying Via, From, To, Call-ID, CSeq; one To tag per call on all but 100). */
  /** REFER within a dialog this client answered (the callee side): to the caller's Contact, by the Record-Route. */
  referFromCallee(invite: SipMessage, referTo: string): void {
    const target = /<([^>]+)>/.exec(header(invite, 'contact'))?.[1] ?? '';
    const routes = (invite.headers.get('record-route') ?? []).flatMap((r) => r.split(',').map((x) => x.trim()));
    const lines = [
      `REFER ${target} SIP/2.0`,
      `Via: SIP/2.0/WSS ${this.host};branch=z9hG4bK${token()};rport`,
      'Max-Forwards: 70',
      ...routes.map((r) => `Route: ${r}`),
      `From: ${header(invite, 'to')};tag=${this.tags.get(header(invite, 'call-id'))}`,
      `To: ${header(invite, 'from')}`,
      `Call-ID: ${header(invite, 'call-id')}`,
      `CSeq: ${this.cseq++} REFER`,
      `Contact: <sip:${this.user}@${this.host};transport=ws>`,
      `Refer-To: <${referTo}>`,
      'Content-Length: 0',
      '',
      '',
    ];
    this.send(lines.join('\r\n'));
  }

  private readonly tags = new Map<string, string>();

  reply(request: SipMessage, status: number, reason: string, body = ''): void {
    const callId = header(request, 'call-id');
    const toTag = this.tags.get(callId) ?? token();
    this.tags.set(callId, toTag);
    const vias = request.headers.get('via') ?? [];
    const recordRoutes = request.headers.get('record-route') ?? [];
    const lines = [
      `SIP/2.0 ${status} ${reason}`,
      ...vias.map((v) => `Via: ${v}`),
      ...recordRoutes.map((r) => `Record-Route: ${r}`),
      `From: ${header(request, 'from')}`,
      `To: ${header(request, 'to')}${status > 100 && !header(request, 'to').includes('tag=') ? `;tag=${toTag}` : ''}`,
      `Call-ID: ${header(request, 'call-id')}`,
      `CSeq: ${header(request, 'cseq')}`,
      `Contact: <sip:${this.user}@${this.host};transport=ws>`,
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    this.send(lines.join('\r\n'));
  }
}
