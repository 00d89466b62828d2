import { shortMail, type OutgoingMail, type ShopInfo } from '@shop/service-kit';

/**
 * The review invitation after delivery: once per order, to the buyer, with the link
 * to the review form of the order's products and the link that ends these invitations. It says
 * how reviews are checked (§ 5b Abs. 3 UWG) and that nothing is given in return.
 */
export function reviewInvitationMail(
  order: { orderNumber: string; email: string; name: string; productNames: string[] },
  token: string,
  shop: ShopInfo,
): OutgoingMail {
  const products = order.productNames.length === 1 ? order.productNames[0]! : `${order.productNames.length} Produkte`;
  return shortMail({
    to: order.email,
    subject: `Wie zufrieden sind Sie mit Ihrer Bestellung ${order.orderNumber}?`,
    greeting: `Guten Tag ${order.name},`,
    lines: [
      `Ihre Bestellung ${order.orderNumber} wurde zugestellt. Wenn Sie möchten, bewerten Sie ${products} mit 1 bis 5 Sternen und ein paar Sätzen. Das hilft anderen Kundinnen und Kunden bei der Auswahl.`,
      'Bewerten können nur Käuferinnen und Käufer einer zugestellten Bestellung, jedes gekaufte Produkt einmal. Wir prüfen jede Bewertung vor der Veröffentlichung und veröffentlichen positive wie negative. Für eine Bewertung gibt es keine Gegenleistung.',
    ],
    link: { label: 'Jetzt bewerten', url: new URL(`/bewertung?token=${token}`, shop.origin).toString() },
    footer: {
      text: 'Sie erhalten diese E-Mail einmal nach der Zustellung Ihrer Bestellung. Sie können Einladungen zur Bewertung jederzeit abbestellen.',
      link: { label: 'Keine Einladungen mehr', url: new URL(`/bewertung/abmelden?token=${token}`, shop.origin).toString() },
    },
    shop,
    fileStem: `${order.orderNumber}-bewertung`,
  });
}
