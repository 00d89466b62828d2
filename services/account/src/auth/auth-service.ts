import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '@shop/contracts';
import { passwordProblem } from '@shop/account-rules';
import { BadRequestError, FieldError, defineApiError, type Mailer, type OutgoingMail } from '@shop/service-kit';
import { Users, toApiUser } from '../users/users';
import { Sessions } from '../sessions/sessions';
import { Tokens } from '../tokens/tokens';
import { alreadyRegisteredMail, resetMail, verificationMail, type ShopInfo } from '../mail/account-mails';
import { DUMMY_HASH_PROMISE, passwordHasher } from './password-hasher';
import { BREACHED_PASSWORD_MESSAGE, isBreachedPassword } from './breached-passwords';

/** 401 for wrong e-mail or password: one message for both, so it tells nobody which was wrong. */
export const InvalidCredentialsError = defineApiError<'INVALID_CREDENTIALS', []>(
  'INVALID_CREDENTIALS',
  401,
  'E-Mail-Adresse oder Passwort ist nicht korrekt.',
);
/** 403 for a correct login whose e-mail address is not confirmed yet. */
export const EmailNotVerifiedError = defineApiError<'EMAIL_NOT_VERIFIED', []>(
  'EMAIL_NOT_VERIFIED',
  403,
  'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Den Link haben wir Ihnen nach der Registrierung geschickt; Sie können ihn erneut anfordern.',
);

/** 403 for a correct login to an account staff have blocked. */
export const AccountBlockedError = defineApiError<'ACCOUNT_BLOCKED', []>(
  'ACCOUNT_BLOCKED',
  403,
  'Dieses Kundenkonto ist gesperrt. Bitte wenden Sie sich an unseren Kundenservice.',
);

/** 400 for a wrong current password when changing it (counts like a failed login). */
export class WrongCurrentPasswordError extends FieldError {
  constructor() {
    super('currentPassword', 'Das aktuelle Passwort ist nicht korrekt.');
  }
}

/** Why a new password is refused (spec §5 rules, breached lists), or null. */
export function newPasswordProblem(password: string): string | null {
  return passwordProblem(password) ?? (isBreachedPassword(password) ? BREACHED_PASSWORD_MESSAGE : null);
}

/**
 * Registration, e-mail verification, login, logout and password reset. Answers never
 * reveal whether an address is registered: registration, resend and reset answer the same for
 * known and unknown addresses and send their e-mails after answering.
 */
export class AuthService {
  readonly users: Users;
  readonly sessions: Sessions;
  private readonly tokens: Tokens;

  constructor(
    db: Connection,
    private readonly deps: { mailer: Mailer; shop: ShopInfo; log: FastifyBaseLogger; now: () => Date },
  ) {
    this.users = new Users(db);
    this.sessions = new Sessions(db, deps.now);
    this.tokens = new Tokens(db, deps.now);
  }

  /** Sends after the answer: a slow or failing mail server neither delays nor reveals anything. */
  private sendLater(mail: Promise<OutgoingMail | null>): void {
    void mail
      .then((ready) => (ready ? this.deps.mailer.send(ready) : null))
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'account e-mail failed'));
  }

  /**
   * Registers a customer and sends the verification link; for an address that has an account,
   * its owner gets a notice instead (nothing reveals it to the requester). The password is hashed
   * either way, so both take as long. @throws 400 when the password breaks the rules.
   */
  async register(input: { email: string; password: string; firstName: string; lastName: string }): Promise<void> {
    this.assertNewPassword(input.password);
    const passwordHash = await passwordHasher.hash(input.password);
    const created = await this.users.create({ email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName });
    if (created) {
      this.sendLater(
        this.tokens
          .issue('verify-email', String(created._id))
          .then((token) => verificationMail(created.email, created.firstName, token, this.deps.shop)),
      );
    } else {
      this.sendLater(
        this.users
          .findByEmail(input.email)
          .then((owner) => (owner ? alreadyRegisteredMail(owner.email, owner.firstName, this.deps.shop) : null)),
      );
    }
  }

  /** @throws 400 (VALIDATION_ERROR naming `field`) when a new password breaks the rules. */
  assertNewPassword(password: string, field = 'password'): void {
    const problem = newPasswordProblem(password);
    if (problem) throw new FieldError(field, problem);
  }

  /** Confirms the address of a verification link. @throws 400 for an unknown, used or expired link. */
  async verifyEmail(token: string): Promise<void> {
    const used = await this.tokens.consume('verify-email', token);
    if (!used) throw new BadRequestError('Der Bestätigungslink ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
    await this.users.markEmailVerified(used.userId, this.deps.now());
  }

  /** Sends a new verification link when the address has an unconfirmed account; answers nothing either way. */
  resendVerification(email: string): void {
    this.sendLater(
      this.users.findByEmail(email).then(async (user) => {
        if (!user || user.emailVerifiedAt) return null;
        return verificationMail(user.email, user.firstName, await this.tokens.issue('verify-email', String(user._id)), this.deps.shop);
      }),
    );
  }

  /**
   * Checks the credentials and starts a new session (rotation: a session the browser had before
   * is ended). An unknown address costs the same argon2 verification as a wrong password.
   * @throws InvalidCredentialsError (401), EmailNotVerifiedError (403).
   */
  async login(email: string, password: string, previousToken: string | undefined): Promise<{ user: User; token: string; expiresAt: Date }> {
    const user = await this.users.findByEmail(email);
    const valid = await passwordHasher.verify(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
    if (!user || !valid) throw new InvalidCredentialsError();
    if (!user.emailVerifiedAt) throw new EmailNotVerifiedError();
    if (user.blockedAt) throw new AccountBlockedError();
    if (previousToken) await this.sessions.end(previousToken);
    const id = String(user._id);
    const session = await this.sessions.start(id);
    await this.users.recordLogin(id, this.deps.now());
    if (passwordHasher.needsRehash(user.passwordHash)) await this.users.setPasswordHash(id, await passwordHasher.hash(password));
    return { user: toApiUser(user), ...session };
  }

  /** The user the gateway vouches for (its signed identity), for showing; null when the account is gone. */
  async userForDisplay(userId: string): Promise<User | null> {
    const user = await this.users.findByIdForDisplay(userId);
    return user ? toApiUser(user) : null;
  }

  /** The user of a live session, or null. */
  async currentUser(token: string | undefined): Promise<User | null> {
    const session = token ? await this.sessions.resolve(token) : null;
    const user = session ? await this.users.findById(session.userId) : null;
    return user ? toApiUser(user) : null;
  }

  /**
   * Changes the password of the logged-in user after checking the current one, and ends every
   * other session of the account (this browser stays logged in).
   * @throws WrongCurrentPasswordError (400 naming currentPassword), 400 for a refused new password.
   */
  async changePassword(userId: string, sessionToken: string, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !(await passwordHasher.verify(user.passwordHash, currentPassword))) throw new WrongCurrentPasswordError();
    this.assertNewPassword(newPassword, 'newPassword');
    await this.users.setPasswordHash(userId, await passwordHasher.hash(newPassword));
    await this.sessions.endAllOf(userId, sessionToken);
  }

  /** True when `password` is the user's current password (argon2 verification). */
  async passwordMatches(userId: string, password: string): Promise<boolean> {
    const user = await this.users.findById(userId);
    return user !== null && (await passwordHasher.verify(user.passwordHash, password));
  }

  /**
   * Deletes the account's own records: open links, every session, the user (account deletion;
   * the caller erased the data elsewhere first). Each step is safe to repeat after a failure.
   */
  async eraseUser(userId: string): Promise<void> {
    await this.tokens.eraseOf(userId);
    await this.sessions.endAllOf(userId);
    await this.users.delete(userId);
  }

  /** Sends a reset link when the address has an account; answers nothing either way. */
  requestPasswordReset(email: string): void {
    this.sendLater(
      this.users
        .findByEmail(email)
        .then(async (user) =>
          user ? resetMail(user.email, user.firstName, await this.tokens.issue('reset-password', String(user._id)), this.deps.shop) : null,
        ),
    );
  }

  /**
   * Sets a new password from a reset link and ends every session of the account (also the
   * attacker's, if someone had the old password). Following the link proves the address, so it
   * counts as verified. @throws 400 for a refused password or an unknown, used or expired link.
   */
  async confirmPasswordReset(token: string, password: string): Promise<void> {
    this.assertNewPassword(password);
    const used = await this.tokens.consume('reset-password', token);
    if (!used) throw new BadRequestError('Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
    await this.users.setPasswordHash(used.userId, await passwordHasher.hash(password));
    await this.users.markEmailVerified(used.userId, this.deps.now());
    await this.sessions.endAllOf(used.userId);
  }
}
