import { apiRequest, type ApiRequestOptions } from '@shop/api-client';
import { withChallenge } from '@shop/api-client/proof-of-work';
import { ACCOUNT_FORM_ACTIONS, LoginFormOutcome, RegisterFormOutcome, User, type LoginBody, type RegisterBody } from '@shop/contracts';

type Message = { message: string };

/** The queries of the login and registration forms' outcomes without JavaScript (read by the pages' server render only). */
export const authFormKeys = { login: ['login-form'] as const, register: ['register-form'] as const };

/** The /api/auth calls of spec §7 (services/account auth.routes.ts). Failures reject with ApiError and the German server message. */
export const authApi = {
  /**
   * Behind a used-up per-IP backstop the browser solves the service's proof-of-work and sends the
   * login again (withChallenge of @shop/api-client/proof-of-work); `onSolving` is told while it works.
   */
  login: async (body: LoginBody, onSolving?: (solving: boolean) => void) =>
    User.parse(await withChallenge((headers) => apiRequest('POST', '/api/auth/login', body, { headers }), onSolving)),
  /** 202 with a neutral message (the address must be confirmed before logging in). */
  register: async (body: RegisterBody) => (await apiRequest<Message>('POST', '/api/auth/register', body))!,
  logout: async () => (await apiRequest<Message>('POST', '/api/auth/logout'))!,
  verifyEmail: async (token: string) => (await apiRequest<Message>('POST', '/api/auth/verify-email', { token }))!,
  resendVerification: async (email: string) => (await apiRequest<Message>('POST', '/api/auth/resend-verification', { email }))!,
  requestPasswordReset: async (email: string) => (await apiRequest<Message>('POST', '/api/auth/reset-password', { email }))!,
  confirmPasswordReset: async (token: string, password: string) =>
    (await apiRequest<Message>('POST', '/api/auth/reset-password/confirm', { token, password }))!,
  /**
   * The outcomes of the forms sent without JavaScript (ACCOUNT_FORM_ACTIONS), once each;
   * `options.fetchImpl` is the server renderer's session fetch (exposes/prefetch.ts).
   */
  loginFormOutcome: async (options?: ApiRequestOptions) =>
    LoginFormOutcome.parse(await apiRequest('GET', ACCOUNT_FORM_ACTIONS.loginOutcome, undefined, options)),
  registerFormOutcome: async (options?: ApiRequestOptions) =>
    RegisterFormOutcome.parse(await apiRequest('GET', ACCOUNT_FORM_ACTIONS.registerOutcome, undefined, options)),
};
