import { mkdir, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { emailsSent } from '../metrics/mail-metrics';

/** One e-mail: `fileStem` names the .eml file when no SMTP server is configured. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  fileStem: string;
  /** Where answers go (a contact message: the sender), when not to MAIL_FROM. */
  replyTo?: string;
  /** Files sent along (an invoice PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  /** Sends (or files) the e-mail. @returns the .eml path when filed. @throws when SMTP refuses it. */
  send(mail: OutgoingMail): Promise<{ file: string | null }>;
}

/**
 * E-mail through nodemailer: over SMTP when `smtpUrl` is set (e.g. smtps://user:pass@host:465),
 * otherwise each message is rendered by nodemailer's stream transport and written as an .eml
 * file into `mailDir` (local development and tests), and its path is logged. Every attempt is
 * counted in `shop_emails_total{outcome}`.
 */
export function createMailer(options: { from: string; smtpUrl?: string; mailDir: string; log: FastifyBaseLogger }): Mailer {
  const mailer = transportMailer(options);
  return {
    async send(mail) {
      try {
        const sent = await mailer.send(mail);
        emailsSent.inc({ outcome: 'sent' });
        return sent;
      } catch (error) {
        emailsSent.inc({ outcome: 'failed' });
        throw error;
      }
    },
  };
}

/** The mailer of {@link createMailer} without its counting. */
function transportMailer(options: { from: string; smtpUrl?: string; mailDir: string; log: FastifyBaseLogger }): Mailer {
  const message = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
  });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
        return { file: null };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(options.mailDir, { recursive: true });
      const file = await writeNewFile(options.mailDir, mail.fileStem, info.message as Buffer);
      options.log.info({ file, to: mail.to }, `e-mail written to ${file} (no SMTP_URL configured)`);
      return { file };
    },
  };
}

/**
 * Writes `<stem>.eml`, or `<stem>-2.eml`, `-3` … when that name is taken: a second e-mail with the
 * same name (a re-sent confirmation, or a job that ran twice) is kept beside the first, never
 * over it, so the folder shows every e-mail that went out. @returns the path written.
 */
async function writeNewFile(dir: string, stem: string, content: Buffer): Promise<string> {
  for (let n = 1; ; n += 1) {
    const file = path.join(dir, `${stem}${n === 1 ? '' : `-${n}`}.eml`);
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

const emptyAsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Environment of every service that sends e-mail (cart: orders; account: verification and reset):
 * SHOP_NAME (sender name and signature), MAIL_FROM, SMTP_URL (e.g. smtps://user:pass@mail.example:465;
 * without it every e-mail is written as an .eml file to MAIL_DIR, default ./data/mail, and its
 * path logged), PUBLIC_ORIGIN (links in e-mails).
 */
export const mailEnvShape = {
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .default('http://localhost:8080')
    .describe("The origin shoppers use (as the gateway's `PUBLIC_ORIGIN`): the links in e-mails are made with it."),
  SHOP_NAME: z.string().default('RandM Tornado Shop').describe("The shop's name as sender name and signature of e-mails."),
  MAIL_FROM: z.string().default('RandM Tornado Shop <bestellung@randm-shop.example>').describe('Sender address of e-mails.'),
  SMTP_URL: emptyAsUnset(z.string().url()).describe(
    'The mail server, e.g. `smtps://user:pass@mail.example:465`. Unset: every e-mail is written as an `.eml` file to `MAIL_DIR` and its path logged.',
  ),
  MAIL_DIR: z
    .string()
    .default(path.resolve('data/mail'))
    .describe("Folder the e-mails are written to while `SMTP_URL` is unset (relative to the process's working directory)."),
};
