/**
 * Every e-mail the service sends (sign-in links, buyer codes, order confirmations) goes
 * through one mailer: nodemailer over SMTP_URL from MAIL_FROM, or, without SMTP_URL, a line in the
 * service's log per message (recipient, subject, link), so a newcomer running `npm start` can sign
 * in with the link printed in the terminal.
 *
 * Start-up never waits for the mail server: the transport connects when a message is sent, and a
 * send that fails rejects, so the page that asked for it says so.
 */
import { createTransport, type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the message is about; logged in place of the body when mail is not sent. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages are written to the log instead of sent (no SMTP_URL). */
  readonly logsOnly: boolean;
  /** One sentence for the start-up log: where mail goes (never the SMTP password). */
  describe(): string;
}

export class MailNotSent extends Error {
  constructor(to: string, cause: unknown) {
    super(`The e-mail to ${to} could not be sent: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MailNotSent';
  }
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string | undefined; from: string }, log: (line: string) => void = console.log): Mailer {
  if (!smtpUrl) {
    return {
      logsOnly: true,
      async send({ to, subject, link }) {
        log(`[mail] not sent (no SMTP_URL): to ${to}, "${subject}"${link ? `: ${link}` : ''}`);
      },
      describe: () => 'Mail: SMTP_URL is not set, so e-mails (sign-in links, buyer codes, order confirmations) are written to this log instead of sent.',
    };
  }
  // nodemailer waits 2 minutes for a connection by default; a person waits on the page that sends.
  const transport: Transporter = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
  const server = new URL(smtpUrl);
  return {
    logsOnly: false,
    async send({ to, subject, text, html }) {
      try {
        const result = await transport.sendMail({ from, to, subject, text, html });
        if (result.rejected?.length) throw new Error(`the server refused ${result.rejected.join(', ')}`);
      } catch (err) {
        throw new MailNotSent(to, err);
      }
    },
    describe: () => `Mail: sent through ${server.protocol}//${server.host} from ${from}.`,
  };
}
