import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactBody } from '@shop/contracts';
import { mailStamp, shortMail, type Mailer, type ShopInfo } from '@shop/service-kit';
import { contactMessageModel } from './contact-message.model';

type ContactInput = Required<Omit<ContactBody, 'homepage'>>;

/** A short reference like 'K-7F3A9C2D' (8 hex characters, random). */
const newReference = () => `K-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Contact messages: stored, then e-mailed to the shop's address with the sender as
 * reply-to. The sender sees the reference on the confirmation page.
 */
export class ContactMessages {
  constructor(
    private readonly db: Connection,
    private readonly deps: { mailer: Mailer; shop: ShopInfo; shopAddress: string; log: FastifyBaseLogger; now: () => Date },
  ) {}

  /** Stores the message and e-mails it after the answer. @returns its reference. */
  async receive(input: ContactInput): Promise<string> {
    const reference = newReference();
    const receivedAt = this.deps.now();
    const record = await contactMessageModel(this.db).create({ ...input, reference, receivedAt });
    const { shop, shopAddress } = this.deps;
    const mail = {
      ...shortMail({
        to: shopAddress,
        subject: `Kontaktformular ${reference}: ${input.subject}`,
        greeting: `Neue Nachricht über das Kontaktformular (${reference}):`,
        lines: [
          `Von: ${input.name} <${input.email}>`,
          ...(input.orderNumber ? [`Bestellnummer: ${input.orderNumber}`] : []),
          `Thema: ${input.subject}`,
          '',
          input.message,
        ],
        shop,
        fileStem: `contact-${mailStamp()}`,
      }),
      replyTo: input.email,
    };
    this.deps.mailer
      .send(mail)
      .then(() => contactMessageModel(this.db).updateOne({ _id: record._id }, { $set: { mailedAt: this.deps.now() } }))
      .catch((error: unknown) => this.deps.log.error({ err: error, reference }, 'contact e-mail failed; the message is stored'));
    return reference;
  }
}
