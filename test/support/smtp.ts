/**
 * A real SMTP server on loopback for tests (smtp-server, messages parsed by mailparser): the
 * service sends to it over SMTP exactly as it would to a provider, and the test reads what
 * arrived. No STARTTLS, no authentication required.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The next message to `to` (already received or still to come), within `timeoutMs`. */
  nextMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the server refuse every message (a mail server in trouble) until set back. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const taken = new Set<ReceivedMail>();
  let refusing = false;

  const deliver = (mail: ReceivedMail) => {
    received.push(mail);
    const i = waiting.findIndex((w) => mail.to.includes(w.to));
    if (i >= 0) {
      taken.add(mail);
      waiting.splice(i, 1)[0].resolve(mail);
    }
  };

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          deliver({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    nextMail(to, timeoutMs = 10_000) {
      const ready = received.find((m) => !taken.has(m) && m.to.includes(to));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const entry = { to, resolve };
        waiting.push(entry);
        setTimeout(() => {
          const i = waiting.indexOf(entry);
          if (i >= 0) {
            waiting.splice(i, 1);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one link of a sign-in e-mail. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/signin\/confirm\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in: ${mail.text}`);
  return link;
}
