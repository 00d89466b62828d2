import { z } from 'zod';
import { Address } from './orders';
import { personName } from './person-name';
import { lazySchema } from './lazy-schema';
import { safeReturnPath } from './storefront-forms';

/**
 * Accounts (spec §3 'User', §5 password rules, §6 roles, §7 /api/auth calls). Every
 * field is a plain string of bounded length: an object or an operator key ({"$ne": null}) in any
 * field is a 400 naming the field, never part of a query.
 */

/** Roles (spec §6): customers, and the staff roles with their permissions (services/admin/README.md). */
export const UserRole = lazySchema(() => z.enum(['customer', 'manager', 'admin']));
export type UserRole = z.infer<typeof UserRole>;

/**
 * The account service's answer to `POST /internal/sessions/resolve` (the gateway's session
 * lookup): user id, role, and the e-mail address once confirmed. 404 when the session is over.
 */
export const ResolvedSession = lazySchema(() => z.object({ userId: z.string(), role: UserRole, email: z.string().optional() }).strict());
export type ResolvedSession = z.infer<typeof ResolvedSession>;

/** Name of the HttpOnly session cookie (opaque random id; the session lives in the account database). */
export const SESSION_COOKIE = 'shop_session';

const EMAIL_MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
/** An e-mail address: trimmed, lower case, no spaces (spec §5 'Email format'). */
export const Email = lazySchema(() =>
  z.string({ error: EMAIL_MESSAGE }).trim().toLowerCase().max(200, 'Höchstens 200 Zeichen.').pipe(z.email(EMAIL_MESSAGE)),
);

/** A password as the API takes it; its rules (length, weak patterns, breached lists) are checked by the service (@shop/account-rules). */
const PasswordInput = lazySchema(() =>
  z.string({ error: 'Bitte geben Sie ein Passwort ein.' }).min(1, 'Bitte geben Sie ein Passwort ein.').max(200),
);

/** `POST /api/auth/register`: spec §7, 'registration fields without confirmPassword' (checked in the browser). */
export const RegisterBody = lazySchema(() =>
  z
    .object({ email: Email, password: PasswordInput, firstName: personName('Ihren Vornamen'), lastName: personName('Ihren Nachnamen') })
    .strict(),
);
export type RegisterBody = z.input<typeof RegisterBody>;

/** `POST /api/auth/login`: spec §7 'credentials'. */
export const LoginBody = lazySchema(() => z.object({ email: Email, password: PasswordInput }).strict());
export type LoginBody = z.input<typeof LoginBody>;

/** The login page's query parameter naming the page to go back to after the login (`/anmelden?weiter=/admin`). */
export const LOGIN_RETURN_PARAM = 'weiter';

/**
 * Where a login leads (spec §6): back to the page the visitor was sent to the login from
 * (`returnPath`, a path of this shop only: safeReturnPath), else the back office for the staff
 * roles, else the home page. The login page and the login form's 303 use it alike.
 */
export const pathAfterLogin = (returnPath: unknown, role: UserRole): string =>
  safeReturnPath(returnPath, role === 'customer' ? '/' : '/admin');

/**
 * The outcome of the login form sent without JavaScript (ACCOUNT_FORM_ACTIONS), with which the
 * server renders /anmelden once: the e-mail address typed (never the password) and the German
 * errors by field (`form` for one about the whole login: wrong credentials, an unconfirmed
 * address, too many attempts).
 */
export const LoginFormState = lazySchema(() =>
  z
    .object({
      values: z.object({ email: z.string() }).strict(),
      errors: z.partialRecord(z.enum(['email', 'password', 'form']), z.string()),
    })
    .strict(),
);
export type LoginFormState = z.infer<typeof LoginFormState>;

/** `GET /api/auth/form/login/outcome`: the login form's outcome for this browser, or null. */
export const LoginFormOutcome = lazySchema(() => z.object({ state: LoginFormState.nullable() }).strict());
export type LoginFormOutcome = z.infer<typeof LoginFormOutcome>;

/**
 * The outcome of the registration form sent without JavaScript, with which the server renders
 * /registrieren once: the names and e-mail address typed (never a password) and the German errors
 * by field (`form` for one about the whole registration: too many e-mails asked for).
 */
export const RegisterFormState = lazySchema(() =>
  z
    .object({
      values: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).strict(),
      errors: z.partialRecord(z.enum(['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'form']), z.string()),
    })
    .strict(),
);
export type RegisterFormState = z.infer<typeof RegisterFormState>;

/** `GET /api/auth/form/register/outcome`: the registration form's outcome for this browser, or null. */
export const RegisterFormOutcome = lazySchema(() => z.object({ state: RegisterFormState.nullable() }).strict());
export type RegisterFormOutcome = z.infer<typeof RegisterFormOutcome>;

/** A saved delivery address: the checkout's German address rules. */
export const SavedAddress = Address;

/** The user as login, register, me and profile updates return it (spec §7 'returns user'): never a password hash, token or session field. */
export const User = lazySchema(() =>
  z
    .object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: UserRole,
      emailVerified: z.boolean(),
      address: SavedAddress.nullable(),
      createdAt: z.string(),
    })
    .strict(),
);
export type User = z.infer<typeof User>;

/** `PATCH /api/auth/profile`: name and the saved delivery address (null removes it). The e-mail address is not changed here. */
export const ProfileUpdateBody = lazySchema(() =>
  z
    .object({
      firstName: personName('Ihren Vornamen').optional(),
      lastName: personName('Ihren Nachnamen').optional(),
      address: SavedAddress.nullable().optional(),
    })
    .strict(),
);
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

/** `POST /api/auth/change-password`: the current password and the new one (its rules are checked by the service). */
export const ChangePasswordBody = lazySchema(() => z.object({ currentPassword: PasswordInput, newPassword: PasswordInput }).strict());
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;
