import { apiRequest } from '@shop/api-client';
import { User, type ChangePasswordBody, type ProfileUpdateBody } from '@shop/contracts';

/** The logged-in user's own data (services/account profile.routes.ts). Failures reject with ApiError (401 when the session ended). */
export const profileApi = {
  update: async (body: ProfileUpdateBody) => User.parse(await apiRequest('PATCH', '/api/auth/profile', body)),
  changePassword: async (body: ChangePasswordBody) => (await apiRequest<{ message: string }>('POST', '/api/auth/change-password', body))!,
};
