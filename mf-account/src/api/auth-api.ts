import { apiRequest } from '@shop/api-client';
import { User, type LoginBody, type RegisterBody } from '@shop/contracts';

type Message = { message: string };

/** The /api/auth calls of spec §7 (services/account auth.routes.ts). Failures reject with ApiError and the German server message. */
export const authApi = {
  login: async (body: LoginBody) => User.parse(await apiRequest('POST', '/api/auth/login', body)),
  /** 202 with a neutral message (the address must be confirmed before logging in). */
  register: async (body: RegisterBody) => (await apiRequest<Message>('POST', '/api/auth/register', body))!,
  logout: async () => (await apiRequest<Message>('POST', '/api/auth/logout'))!,
  verifyEmail: async (token: string) => (await apiRequest<Message>('POST', '/api/auth/verify-email', { token }))!,
  resendVerification: async (email: string) => (await apiRequest<Message>('POST', '/api/auth/resend-verification', { email }))!,
  requestPasswordReset: async (email: string) => (await apiRequest<Message>('POST', '/api/auth/reset-password', { email }))!,
  confirmPasswordReset: async (token: string, password: string) =>
    (await apiRequest<Message>('POST', '/api/auth/reset-password/confirm', { token, password }))!,
};
