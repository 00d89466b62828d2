import { LEGAL_TEXT_SLUGS, type LegalVersions, type Order, type SellerDetails } from '@shop/contracts';
import type { OutgoingMail } from '@shop/service-kit';
import type { LegalTextsClient } from '../legal/content-reads';
import { renderLegalTextPdf } from '../legal/legal-text-pdf';
import { orderConfirmationMail } from './order-confirmation.mail';

/** The legal texts the confirmation carries, with the file name stem of each. */
const ATTACHED = [
  { key: 'terms', stem: 'AGB' },
  { key: 'withdrawal', stem: 'Widerrufsbelehrung-mit-Muster-Widerrufsformular' },
] as const;

/**
 * Composes the order confirmation with what § 312f Abs. 2 BGB asks of the confirmation of the
 * contract on a durable medium (Art. 246a EGBGB: the seller's identity and address, the
 * withdrawal instructions with the model form) and § 312i Abs. 1 Nr. 4 BGB (the terms, storable at
 * conclusion): the seller block from the operator settings (as on the invoices) and the AGB and
 * the Widerrufsbelehrung as PDFs, in the versions the order was placed under (a link is no
 * durable medium, CJEU C-49/11). An order placed while the content service did not answer has no
 * versions: it gets the versions in force when the e-mail goes out.
 * @throws when the seller details or a text cannot be read: the confirmation is not sent then,
 *   and the 'order-confirmations' job tries again.
 */
export class OrderConfirmationComposer {
  constructor(
    private readonly deps: {
      legalTexts: Pick<LegalTextsClient, 'text'>;
      legalVersions: { current(): Promise<LegalVersions | null> };
      seller: { current(): Promise<SellerDetails | null> };
      shop: { name: string; origin: string };
    },
  ) {}

  async compose(order: Order): Promise<OutgoingMail> {
    const seller = await this.deps.seller.current();
    if (!seller) throw new Error('seller details unavailable: the order confirmation waits for them');
    const versions = order.legalVersions ?? (await this.deps.legalVersions.current());
    if (!versions) throw new Error('legal text versions unavailable: the order confirmation waits for them');
    const attachments = await Promise.all(
      ATTACHED.map(async ({ key, stem }) => {
        const text = await this.deps.legalTexts.text(LEGAL_TEXT_SLUGS[key], versions[key]);
        const content = await renderLegalTextPdf({
          text,
          shopName: this.deps.shop.name,
          origin: this.deps.shop.origin,
          orderNumber: order.orderNumber,
          issuedAt: new Date(order.createdAt),
        });
        return { filename: `${stem}-Fassung-${text.version}.pdf`, content, contentType: 'application/pdf' };
      }),
    );
    return orderConfirmationMail({ ...order, legalVersions: versions }, this.deps.shop, { seller, attachments });
  }
}
