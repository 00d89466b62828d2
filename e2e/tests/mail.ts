import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from './fixtures';

/** The link of the newest e-mail to `to` whose subject matches (the services file .eml files in E2E_MAIL_DIR without SMTP). */
export async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  const mailDir = process.env.E2E_MAIL_DIR!;
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const file of (await readdir(mailDir).catch(() => [])).sort().reverse()) {
        const mail = await simpleParser(await readFile(path.join(mailDir, file)));
        const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
        if (recipient === to && subject.test(mail.subject ?? '')) {
          link = /(https?:\/\/\S+token=[A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
          if (link) return true;
        }
      }
      return false;
    })
    .toBe(true);
  return new URL(link!).pathname + new URL(link!).search;
}
