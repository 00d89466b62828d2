import type { FastifyBaseLogger } from 'fastify';
import type { AccountDataExport } from '@shop/contracts';
import { FieldError, type Mailer } from '@shop/service-kit';
import type { AuthService } from '../auth/auth-service';
import { accountDeletedMail, type ShopInfo } from '../mail/account-mails';
import type { Wishlists } from '../wishlist/wishlist';
import type { CartClient } from './cart-client';

/** 400 naming `password` when the deletion is confirmed with a wrong password (counts like a failed login). */
export class WrongPasswordError extends FieldError {
  constructor() {
    super('password', 'Das Passwort ist nicht korrekt.');
  }
}

/** The German note at the top of every export. */
const EXPORT_NOTICE =
  'Diese Datei enthält alle Daten, die unser Shop zu Ihrem Kundenkonto speichert (Art. 15 und 20 DSGVO): Konto, Anmeldungen, Wunschliste, Warenkorb, Bestellungen und Widerrufe. Zähler fehlgeschlagener Anmeldungen und Anfragen (Schutz vor Missbrauch) verfallen nach 15 Minuten und sind nicht enthalten.';

/**
 * A customer's rights over their data (DSGVO Art. 15 access, Art. 20 portability,
 * Art. 17 erasure). The export gathers this service's records and the cart service's; deletion
 * erases the cart first (the only step that can fail elsewhere), then the wishlist and the
 * account, so a failure leaves the account usable and the customer can simply try again. Orders
 * stay in the cart service: § 147 AO and § 257 HGB make the shop keep them (docs/architecture.md).
 */
export class AccountPrivacy {
  constructor(
    private readonly deps: {
      auth: AuthService;
      wishlists: Wishlists;
      cart: CartClient;
      mailer: Mailer;
      shop: ShopInfo;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /** Everything stored about the user, or null when the user no longer exists. @throws CartUnavailableError (503). */
  async exportFor(userId: string): Promise<AccountDataExport | null> {
    const { auth, wishlists, cart, now } = this.deps;
    const user = await auth.users.findById(userId);
    if (!user) return null;
    const confirmedEmail = user.emailVerifiedAt ? user.email : undefined;
    const [sessions, wishlist, commerce] = await Promise.all([
      auth.sessions.listOf(userId),
      wishlists.records(userId),
      cart.commerceData(userId, confirmedEmail),
    ]);
    const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
    return {
      exportedAt: now().toISOString(),
      notice: EXPORT_NOTICE,
      account: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role as AccountDataExport['account']['role'],
        emailVerifiedAt: iso(user.emailVerifiedAt),
        createdAt: user.createdAt.toISOString(),
        lastLoginAt: iso(user.lastLoginAt),
        savedAddress: user.address ? { ...user.address, addressLine2: user.address.addressLine2 ?? '', country: 'DE' } : null,
      },
      sessions: sessions.map((session) => ({
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      })),
      wishlist: wishlist.map((item) => ({ productId: item.productId, addedAt: item.createdAt.toISOString() })),
      ...commerce,
    };
  }

  /**
   * Deletes the account after checking its password, and tells the owner by e-mail.
   * @returns false when the user no longer exists (deleted meanwhile, e.g. by a parallel request).
   * @throws WrongPasswordError (400); CartUnavailableError (503, nothing deleted).
   */
  async deleteAccount(userId: string, password: string): Promise<boolean> {
    const { auth } = this.deps;
    const user = await auth.users.findById(userId);
    if (!user) return false;
    if (!(await auth.passwordMatches(userId, password))) throw new WrongPasswordError();
    await this.erase(userId, user.email, user.firstName);
    return true;
  }

  /**
   * Erases an account: the cart first (the only step that can fail elsewhere), then the wishlist
   * and the account itself, and tells the owner by e-mail. Used by the customer's own deletion
   * and by staff erasing it on request. @throws CartUnavailableError (503, nothing deleted).
   */
  async erase(userId: string, email: string, firstName: string): Promise<void> {
    const { auth, wishlists, cart, mailer, shop, log } = this.deps;
    await cart.eraseCart(userId);
    await wishlists.eraseOf(userId);
    await auth.eraseUser(userId);
    mailer.send(accountDeletedMail(email, firstName, shop)).catch((error: unknown) => {
      log.error({ err: error }, 'account deletion e-mail failed; the account is deleted');
    });
  }
}
