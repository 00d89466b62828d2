import { createHash, randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError, isDuplicateKeyError, type Mailer, type OutgoingMail, type ShopInfo } from '@shop/service-kit';
import { subscriptionModel, type SubscriptionRecord } from './subscription.model';
import { confirmationMail, welcomeMail } from './newsletter-mails';

/** How long a confirmation link works (ms). */
export const CONFIRM_VALID_MS = 48 * 60 * 60 * 1000;
/** At most one confirmation e-mail per address in this time (ms), however often it is entered. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Newsletter subscriptions with double opt-in (legal-de.md §4.14). The answer to a
 * subscription never tells whether the address is on the list; e-mails go out after the answer.
 */
export class Newsletter {
  constructor(
    private readonly db: Connection,
    private readonly deps: { mailer: Mailer; shop: ShopInfo; log: FastifyBaseLogger; now: () => Date },
  ) {}

  private get model() {
    return subscriptionModel(this.db);
  }

  private sendLater(mail: OutgoingMail): void {
    this.deps.mailer.send(mail).catch((error: unknown) => this.deps.log.error({ err: error }, 'newsletter e-mail failed'));
  }

  /**
   * Records the request and sends the confirmation link, unless the address is confirmed already
   * or got a link less than RESEND_AFTER_MS ago (also when requests arrive in parallel: only the
   * one that claims the send time sends). An unsubscribed address starts over with a new opt-in.
   */
  async subscribe(email: string, source: string, consentVersion: string): Promise<void> {
    const now = this.deps.now();
    await this.ensureRecord(email, source, consentVersion, now);
    const token = newToken();
    const claimed = await this.model.findOneAndUpdate(
      {
        email,
        status: { $ne: 'confirmed' },
        $or: [{ confirmationSentAt: null }, { confirmationSentAt: { $lte: new Date(now.getTime() - RESEND_AFTER_MS) } }],
      },
      {
        $set: {
          status: 'pending',
          source,
          consentVersion,
          requestedAt: now,
          confirmationSentAt: now,
          confirmTokenHash: hashOf(token),
          confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_VALID_MS),
        },
      },
      { returnDocument: 'after' },
    );
    if (claimed) this.sendLater(confirmationMail(email, token, this.deps.shop));
  }

  /** Creates the address's record unless it exists (a parallel insert of the same address is fine). */
  private async ensureRecord(email: string, source: string, consentVersion: string, now: Date): Promise<void> {
    if (await this.model.exists({ email })) return;
    try {
      await this.model.create({ email, status: 'pending', source, consentVersion, requestedAt: now });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /**
   * Confirms the subscription of a link (single use) and sends the welcome e-mail with the
   * unsubscribe link. @throws BadRequestError (400) for an unknown, used or expired link.
   */
  async confirm(token: string): Promise<'confirmed' | 'already-confirmed'> {
    const now = this.deps.now();
    const unsubscribeToken = newToken();
    const hash = hashOf(token);
    const confirmed = await this.model.findOneAndUpdate(
      { confirmTokenHash: hash, status: 'pending', confirmTokenExpiresAt: { $gt: now } },
      {
        $set: {
          status: 'confirmed',
          confirmedAt: now,
          confirmTokenHash: null,
          confirmTokenExpiresAt: null,
          usedConfirmTokenHash: hash,
          unsubscribeToken,
        },
      },
      { returnDocument: 'after' },
    );
    if (confirmed) {
      this.sendLater(welcomeMail(confirmed.email, unsubscribeToken, this.deps.shop));
      return 'confirmed';
    }
    // The same link again (a second click, a mail scanner that opened it first): still subscribed.
    if (await this.model.exists({ usedConfirmTokenHash: hash, status: 'confirmed' })) return 'already-confirmed';
    throw new BadRequestError('Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.');
  }

  /** Ends the subscription of an unsubscribe link; again for an ended one is fine. @throws BadRequestError (400) for an unknown link. */
  async unsubscribe(token: string): Promise<void> {
    const record = await this.model.findOne({ unsubscribeToken: token }).lean<SubscriptionRecord>();
    if (!record) throw new BadRequestError('Dieser Abmeldelink ist ungültig.');
    if (record.status === 'confirmed')
      await this.model.updateOne(
        { _id: record._id, status: 'confirmed' },
        { $set: { status: 'unsubscribed', unsubscribedAt: this.deps.now() } },
      );
  }
}
