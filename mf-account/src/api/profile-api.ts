import { apiRequest } from '@shop/api-client';
import { User, type ChangePasswordBody, type DeleteAccountBody, type ProfileUpdateBody } from '@shop/contracts';

/** The logged-in user's own data (services/account profile.routes.ts). Failures reject with ApiError (401 when the session ended). */
export const profileApi = {
  update: async (body: ProfileUpdateBody) => User.parse(await apiRequest('PATCH', '/api/auth/profile', body)),
  changePassword: async (body: ChangePasswordBody) => (await apiRequest<{ message: string }>('POST', '/api/auth/change-password', body))!,
  /** Deletes the account (DSGVO Art. 17); the data export is a plain link to GET /api/auth/data-export. */
  deleteAccount: async (body: DeleteAccountBody) => (await apiRequest<{ message: string }>('POST', '/api/auth/delete-account', body))!,
};
