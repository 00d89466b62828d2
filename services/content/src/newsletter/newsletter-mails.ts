import { mailStamp, shortMail, type OutgoingMail, type ShopInfo } from '@shop/service-kit';

/** The double opt-in e-mail: the link confirms the subscription (valid 48 hours). */
export function confirmationMail(to: string, token: string, shop: ShopInfo): OutgoingMail {
  return shortMail({
    to,
    subject: `Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei ${shop.name}`,
    greeting: 'Guten Tag,',
    lines: [
      'jemand, hoffentlich Sie, hat diese E-Mail-Adresse für unseren Newsletter angemeldet. Erst wenn Sie die Anmeldung mit dem folgenden Link bestätigen, schicken wir Ihnen den Newsletter. Der Link ist 48 Stunden gültig.',
      'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach; Sie erhalten dann keine weiteren Nachrichten.',
    ],
    link: { label: 'Anmeldung bestätigen', url: new URL(`/newsletter/bestaetigen?token=${token}`, shop.origin).toString() },
    shop,
    fileStem: `newsletter-confirm-${mailStamp()}`,
  });
}

/** After the confirmation: what the subscriber gets, and the unsubscribe link every newsletter e-mail carries. */
export function welcomeMail(to: string, unsubscribeToken: string, shop: ShopInfo): OutgoingMail {
  return shortMail({
    to,
    subject: `Ihre Newsletter-Anmeldung bei ${shop.name} ist bestätigt`,
    greeting: 'Guten Tag,',
    lines: [
      'vielen Dank: Ihre Anmeldung zum Newsletter ist bestätigt. Wir schreiben Ihnen höchstens zwei- bis dreimal im Monat.',
      'Sie können den Newsletter jederzeit mit einem Klick abbestellen, ohne sich anzumelden: Der Link dafür steht am Ende jeder E-Mail.',
    ],
    footer: unsubscribeFooter(unsubscribeToken, shop),
    shop,
    fileStem: `newsletter-welcome-${mailStamp()}`,
  });
}

/** The footer of every newsletter e-mail: a link that ends the subscription without login. */
export function unsubscribeFooter(unsubscribeToken: string, shop: ShopInfo) {
  return {
    text: 'Sie erhalten diese E-Mail, weil Sie unseren Newsletter bestellt haben.',
    link: { label: 'Newsletter abbestellen', url: new URL(`/newsletter/abmelden?token=${unsubscribeToken}`, shop.origin).toString() },
  };
}
