import escapeHtml from 'escape-html';
import type { OutgoingMail } from '@shop/service-kit';

export interface ShopInfo {
  name: string;
  origin: string;
}

/** A short German e-mail with one link, as text and HTML (user input escaped). */
function linkMail(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  link?: { label: string; url: string };
  shop: ShopInfo;
  fileStem: string;
}): OutgoingMail {
  const { to, subject, greeting, lines, link, shop, fileStem } = options;
  const text = [greeting, '', ...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', `Ihr Team von ${shop.name}`].join('\n');
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#111">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}
<p>Ihr Team von ${escapeHtml(shop.name)}</p>
</body></html>`;
  return { to, subject, text, html, fileStem };
}

const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** After registration: confirm the address (link valid 48 hours). */
export function verificationMail(to: string, firstName: string, token: string, shop: ShopInfo): OutgoingMail {
  return linkMail({
    to,
    subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse bei ${shop.name}`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem folgenden Link. Er ist 48 Stunden gültig.',
      'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
    ],
    link: { label: 'E-Mail-Adresse bestätigen', url: new URL(`/konto/bestaetigen?token=${token}`, shop.origin).toString() },
    shop,
    fileStem: `verify-email-${stamp()}`,
  });
}

/** A registration with an address that already has an account: tell its owner, reveal nothing to the requester. */
export function alreadyRegisteredMail(to: string, firstName: string, shop: ShopInfo): OutgoingMail {
  return linkMail({
    to,
    subject: `Registrierung bei ${shop.name}`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Kundenkonto anzulegen. Sie haben bereits ein Konto bei uns.',
      'Wenn Sie Ihr Passwort vergessen haben, können Sie es hier neu festlegen. Wenn Sie das nicht waren, müssen Sie nichts tun.',
    ],
    link: { label: 'Passwort vergessen?', url: new URL('/passwort-vergessen', shop.origin).toString() },
    shop,
    fileStem: `already-registered-${stamp()}`,
  });
}

/** Password reset (link valid 1 hour). */
export function resetMail(to: string, firstName: string, token: string, shop: ShopInfo): OutgoingMail {
  return linkMail({
    to,
    subject: `Passwort zurücksetzen bei ${shop.name}`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'Sie haben angefordert, Ihr Passwort zurückzusetzen. Mit dem folgenden Link legen Sie ein neues Passwort fest. Er ist eine Stunde gültig und kann einmal verwendet werden.',
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ],
    link: { label: 'Neues Passwort festlegen', url: new URL(`/passwort-zuruecksetzen?token=${token}`, shop.origin).toString() },
    shop,
    fileStem: `reset-password-${stamp()}`,
  });
}

/** After the account was deleted (DSGVO Art. 17): what is gone and which order records the law makes the shop keep. */
export function accountDeletedMail(to: string, firstName: string, shop: ShopInfo): OutgoingMail {
  return linkMail({
    to,
    subject: `Ihr Kundenkonto bei ${shop.name} wurde gelöscht`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'wie gewünscht haben wir Ihr Kundenkonto gelöscht: Ihre Anmeldedaten, Ihr Profil mit der gespeicherten Adresse, Ihre Wunschliste und Ihr Warenkorb sind entfernt, und Sie wurden auf allen Geräten abgemeldet.',
      'Ihre Bestellungen bewahren wir auf, weil das Handels- und Steuerrecht es verlangt (§ 147 AO, § 257 HGB), und nutzen sie nur noch dafür. Nach Ablauf der Fristen werden sie gelöscht.',
      'Wenn Sie das nicht veranlasst haben, antworten Sie bitte auf diese E-Mail.',
    ],
    shop,
    fileStem: `account-deleted-${stamp()}`,
  });
}
