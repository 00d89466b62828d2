import { dhlTrackingUrl } from '@shop/contracts/admin';
import { cashOnDeliveryText } from '@shop/cart-rules';
import { shortMail, type OutgoingMail, type ShopInfo } from '@shop/service-kit';

/**
 * Tells the buyer the parcel is on its way: order number, the DHL tracking number
 * and link, and the handover rule of the age check the order was placed under (`atTheDoor`,
 * contracts `doorCheckOf`; legal-de 1.6); for cash on delivery not paid yet, the cash to have
 * ready (`cashOnDelivery`, EUR); the invoice goes along as PDF.
 */
export function orderShippedMail(
  order: { orderNumber: string; email: string; name: string; trackingNumber: string; atTheDoor: string; cashOnDelivery?: string },
  shop: ShopInfo,
  invoice: { number: string; pdf: Buffer },
): OutgoingMail {
  const mail = shortMail({
    to: order.email,
    subject: `Ihre Bestellung ${order.orderNumber} ist unterwegs`,
    greeting: `Guten Tag ${order.name},`,
    lines: [
      `Ihre Bestellung ${order.orderNumber} wurde an DHL übergeben. Sendungsnummer: ${order.trackingNumber}.`,
      `${order.atTheDoor} Halten Sie bei der Zustellung bitte Ihren Ausweis bereit.`,
      ...(order.cashOnDelivery ? [`Nachnahme: ${cashOnDeliveryText(order.cashOnDelivery)}`] : []),
      `Ihre Rechnung ${invoice.number} finden Sie im Anhang dieser E-Mail und in Ihrem Kundenkonto bei der Bestellung.`,
    ],
    link: { label: 'Sendung verfolgen', url: dhlTrackingUrl(order.trackingNumber) },
    shop,
    fileStem: `${order.orderNumber}-versandt`,
  });
  return { ...mail, attachments: [{ filename: `Rechnung-${invoice.number}.pdf`, content: invoice.pdf, contentType: 'application/pdf' }] };
}
