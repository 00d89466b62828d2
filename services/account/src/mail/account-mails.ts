import { mailStamp, shortMail, type OutgoingMail, type ShopInfo } from '@shop/service-kit';

export type { ShopInfo };

/** After registration: confirm the address (link valid 48 hours). */
export function verificationMail(to: string, firstName: string, token: string, shop: ShopInfo): OutgoingMail {
  return shortMail({
    to,
    subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse bei ${shop.name}`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem folgenden Link. Er ist 48 Stunden gültig.',
      'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
    ],
    link: { label: 'E-Mail-Adresse bestätigen', url: new URL(`/konto/bestaetigen?token=${token}`, shop.origin).toString() },
    shop,
    fileStem: `verify-email-${mailStamp()}`,
  });
}

/** A registration with an address that already has an account: tell its owner, reveal nothing to the requester. */
export function alreadyRegisteredMail(to: string, firstName: string, shop: ShopInfo): OutgoingMail {
  return shortMail({
    to,
    subject: `Registrierung bei ${shop.name}`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Kundenkonto anzulegen. Sie haben bereits ein Konto bei uns.',
      'Wenn Sie Ihr Passwort vergessen haben, können Sie es hier neu festlegen. Wenn Sie das nicht waren, müssen Sie nichts tun.',
    ],
    link: { label: 'Passwort vergessen?', url: new URL('/passwort-vergessen', shop.origin).toString() },
    shop,
    fileStem: `already-registered-${mailStamp()}`,
  });
}

/** Password reset (link valid 1 hour). */
export function resetMail(to: string, firstName: string, token: string, shop: ShopInfo): OutgoingMail {
  return shortMail({
    to,
    subject: `Passwort zurücksetzen bei ${shop.name}`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'Sie haben angefordert, Ihr Passwort zurückzusetzen. Mit dem folgenden Link legen Sie ein neues Passwort fest. Er ist eine Stunde gültig und kann einmal verwendet werden.',
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ],
    link: { label: 'Neues Passwort festlegen', url: new URL(`/passwort-zuruecksetzen?token=${token}`, shop.origin).toString() },
    shop,
    fileStem: `reset-password-${mailStamp()}`,
  });
}

/** After the account was deleted (DSGVO Art. 17): what is gone and which order records the law makes the shop keep. */
export function accountDeletedMail(to: string, firstName: string, shop: ShopInfo): OutgoingMail {
  return shortMail({
    to,
    subject: `Ihr Kundenkonto bei ${shop.name} wurde gelöscht`,
    greeting: `Hallo ${firstName},`,
    lines: [
      'wie gewünscht haben wir Ihr Kundenkonto gelöscht: Ihre Anmeldedaten, Ihr Profil mit der gespeicherten Adresse, Ihre Wunschliste und Ihr Warenkorb sind entfernt, und Sie wurden auf allen Geräten abgemeldet.',
      'Ihre Bestellungen bewahren wir auf, weil das Handels- und Steuerrecht es verlangt (§ 147 AO, § 257 HGB), und nutzen sie nur noch dafür. Nach Ablauf der Fristen werden sie gelöscht.',
      'Wenn Sie das nicht veranlasst haben, antworten Sie bitte auf diese E-Mail.',
    ],
    shop,
    fileStem: `account-deleted-${mailStamp()}`,
  });
}
