import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP stand-in received it: its envelope recipients, and its body decoded. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
}

/** The body of a quoted-printable (or plain) mail, decoded. */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A real SMTP server on loopback standing in for the mail relay: the console's mailer (nodemailer, SMTP_URL)
 * delivers to it, and the tests read what arrived. The server tests use it in their own process; the browser
 * suite runs it as a process of its own (the end of this file).
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  private readonly smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodedBody(raw) });
        // the browser suite signs in hundreds of times: keep the newest mails only
        if (this.received.length > 1000) this.received.splice(0, this.received.length - 1000);
        callback();
      });
    },
  });

  /** Listens on `port` (0: any free one) and resolves to the port. */
  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.smtp.listen(port, '127.0.0.1', resolve));
    return (this.smtp.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.smtp.close(() => resolve()));
  }
}

/** `GET /mails?to=…`: the mails received for that address, newest first, as JSON. */
function mailsOverHttp(standIn: SmtpStandIn): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to');
    const mails = standIn.received.filter((mail) => !to || mail.to.includes(to)).reverse();
    response.writeHead(url.pathname === '/mails' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(url.pathname === '/mails' ? mails : { error: 'not found' }));
  });
}

// Run as a process (playwright.config.ts): SMTP on SMTP_STAND_IN_PORT, its mails over HTTP on the next port.
if (process.argv[1]?.endsWith('smtp-stand-in.ts')) {
  const port = Number(process.env.SMTP_STAND_IN_PORT);
  const standIn = new SmtpStandIn();
  await standIn.listen(port);
  mailsOverHttp(standIn).listen(port + 1, '127.0.0.1');
}
