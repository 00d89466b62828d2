import { ApiError } from '@shop/api-client';
import { errorAnswer } from '@shop/test-dom';
import type { ErrorCode } from '@shop/contracts';
import { SESSION_ENDED_TEXT, sessionState, setSessionUser } from '@shop/shell-api';
import { sharedQueries } from '../api/shared-queries';
import { staffScreenTest } from '../test-support/staff-screen';
import { staffUser } from '../test-support/staff-user';
import { adminQueryClient } from './admin-query-client';
import { apiErrorText } from './api-error-text';
import { dhlMessagesOf, labelErrorText } from './shipping-texts';

const env = staffScreenTest();

/** An answer of a service as the API client throws it: `{ message, code, issues? }`. */
const answer = (status: number, code: ErrorCode, message: string, issues: ApiError['issues'] = []) =>
  new ApiError(status, message, { message, code, ...(issues.length ? { issues } : {}) });
const UNAVAILABLE = 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';

beforeEach(() => setSessionUser(staffUser('manager')));
afterEach(() => adminQueryClient.clear());

/** The back office's one text of a failed call, and the one 401 handler (spec §8). */
describe('apiErrorText', () => {
  test("a refused field shows the field's own message, a refusal the service's sentence", () => {
    const invalid = answer(400, 'VALIDATION_ERROR', 'Grund: zu kurz.', [{ path: 'body/note', message: 'Mindestens 5 Zeichen.' }]);
    expect(apiErrorText(invalid)).toBe('Mindestens 5 Zeichen.');
    expect(apiErrorText(answer(409, 'CONFLICT', 'Diesen Code gibt es schon.'))).toBe('Diesen Code gibt es schon.');
  });

  test('without an answer or with the service unavailable: the general text, never a status', () => {
    expect(apiErrorText(new TypeError('Failed to fetch'))).toBe(UNAVAILABLE);
    expect(apiErrorText(answer(503, 'DATABASE_UNAVAILABLE', 'Datenbank nicht erreichbar.'))).toBe(UNAVAILABLE);
    expect(apiErrorText(new ApiError(502, 'Bad Gateway', null))).toBe(UNAVAILABLE);
  });

  test("a screen's own wording of a code comes first", () => {
    const invalid = answer(400, 'VALIDATION_ERROR', 'Feld: falsch.', [{ path: 'body/x', message: 'falsch' }]);
    expect(apiErrorText(invalid, { VALIDATION_ERROR: 'Bitte prüfen Sie die Angaben.' })).toBe('Bitte prüfen Sie die Angaben.');
    expect(apiErrorText(answer(409, 'CONFLICT', 'Schon vergeben.'), { STALE_VERSION: 'Veraltet.' })).toBe('Schon vergeben.');
  });

  test('an answer saying the session ended ends it in this page and says so; another refusal keeps it', () => {
    expect(apiErrorText(answer(403, 'FORBIDDEN', 'Keine Berechtigung.'))).toBe('Keine Berechtigung.');
    expect(sessionState().status).toBe('authenticated');
    expect(apiErrorText(answer(401, 'UNAUTHENTICATED', 'Nicht authentifiziert'))).toBe(SESSION_ENDED_TEXT);
    expect(sessionState()).toMatchObject({ status: 'anonymous', ended: 'expired' });
  });
});

describe('adminQueryClient', () => {
  test('a read answered UNAUTHENTICATED ends the session (RequireStaff then leads to the login); a 503 does not', async () => {
    env.api.on('GET', '/api/admin/shipping/queue', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    await expect(adminQueryClient.fetchQuery(sharedQueries.shippingQueue())).rejects.toBeInstanceOf(ApiError);
    expect(sessionState().status).toBe('authenticated');

    adminQueryClient.clear();
    env.api.on('GET', '/api/admin/shipping/queue', errorAnswer(401, 'UNAUTHENTICATED'));
    await expect(adminQueryClient.fetchQuery(sharedQueries.shippingQueue())).rejects.toBeInstanceOf(ApiError);
    expect(sessionState()).toMatchObject({ status: 'anonymous', ended: 'expired' });
  });
});

describe('label texts', () => {
  test("DHL's codes show the service's own message (was anything booked, why DHL cannot be used); others as every call", () => {
    const notConfigured = 'DHL ist nicht eingerichtet: DHL_API=off';
    expect(labelErrorText(answer(503, 'DHL_NOT_CONFIGURED', notConfigured))).toBe(notConfigured);
    expect(labelErrorText(answer(503, 'DATABASE_UNAVAILABLE', 'Datenbank nicht erreichbar.'))).toBe(UNAVAILABLE);
    expect(labelErrorText(answer(409, 'CONFLICT', 'Schon ein Label.'))).toBe('Schon ein Label.');
  });

  test("DHL's messages of a refused booking at the shop's fields; none for another failure", () => {
    const refused = answer(400, 'VALIDATION_ERROR', 'DHL: Hausnummer fehlt.', [
      { path: 'body/shippingAddress/street', message: 'Hausnummer fehlt.', rule: 'dhl' },
      { path: 'body', message: 'Sendung abgelehnt.', rule: 'dhl' },
    ]);
    expect(dhlMessagesOf(refused)).toEqual([
      { field: 'shippingAddress.street', message: 'Hausnummer fehlt.', severity: 'error' },
      { field: null, message: 'Sendung abgelehnt.', severity: 'error' },
    ]);
    expect(dhlMessagesOf(answer(409, 'CONFLICT', 'Schon ein Label.'))).toBeNull();
  });
});
