import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP via nodemailer when SMTP_URL is set; otherwise a no-op (development uses the outbox). */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) return { send: async () => {} };
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
  };
}
