import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from './fixtures';

/**
 * The text of the newest e-mail to `to` whose subject matches and whose text passes `accept`
 * (waits for it: up to `timeoutMs`, default the expect timeout; longer for e-mails a periodic job sends).
 */
export async function mailText(
  to: string,
  subject: RegExp,
  accept: (text: string) => boolean = () => true,
  timeoutMs?: number,
): Promise<string> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(mailDir).catch(() => [])).sort().reverse()) {
          const mail = await simpleParser(await readFile(path.join(mailDir, file)));
          const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          if (recipient === to && subject.test(mail.subject ?? '') && accept(mail.text ?? '')) {
            found = mail.text ?? '';
            return true;
          }
        }
        return false;
      },
      timeoutMs === undefined ? {} : { timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

const TOKEN_LINK = /(https?:\/\/\S+token=[A-Za-z0-9_-]{43})/;

/** The link of the newest e-mail to `to` whose subject matches (the services file .eml files in E2E_MAIL_DIR without SMTP). */
export async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  const link = TOKEN_LINK.exec(await mailText(to, subject, (text) => TOKEN_LINK.test(text)))![1]!;
  return new URL(link).pathname + new URL(link).search;
}
