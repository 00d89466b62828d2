/**
 * What a service answers for each kind of thrown error (errorAnswer): status, code and German
 * message, and which are logged as faults. One row per kind, in the order errorAnswer checks them.
 */
import type { FastifyRequest } from 'fastify';
import { MongoNetworkError } from 'mongodb';
import { errorAnswer } from './error-answer';
import { FieldError, NotFoundError, StaleVersionError } from './errors';
import { ChallengeRequiredError } from './limits/challenge-gate';

/** A request as the error handler sees it, its log recorded; `gone`: the client closed its connection. */
function request(gone = false) {
  const logged: Array<{ level: string; message: string }> = [];
  const at = (level: string) => (_obj: unknown, message: string) => logged.push({ level, message });
  const fake = {
    log: { error: at('error'), warn: at('warn'), info: at('info') },
    raw: { socket: { destroyed: gone }, readableAborted: false },
  } as unknown as FastifyRequest;
  return { fake, logged };
}

/** An error as a library throws one (http-errors): a status, `expose`, an English text, no code of ours. */
const libraryError = (statusCode: number) => Object.assign(new Error('Method Not Allowed'), { statusCode, expose: true });
const withCode = (message: string, statusCode: number, code: string) => Object.assign(new Error(message), { statusCode, code });
const challenge = { parameters: { algorithm: 'scrypt', nonce: 'n', salt: 's', cost: 1, keyLength: 16, keyPrefix: '00' }, signature: 'sig' };

test.each([
  ['a field refused by a rule', new FieldError('email', 'Diese E-Mail-Adresse ist schon registriert.'), 400, 'VALIDATION_ERROR', null],
  ['the database away', new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'), 503, 'DATABASE_UNAVAILABLE', 'warn'],
  [
    "Fastify's own (a body too large)",
    withCode('Request body is too large', 413, 'FST_ERR_CTP_BODY_TOO_LARGE'),
    413,
    'PAYLOAD_TOO_LARGE',
    null,
  ],
  ["a library's HTTP error", libraryError(405), 405, 'HTTP_405', null],
  ['ours, not found', new NotFoundError('Das angeforderte Produkt konnte nicht gefunden werden.'), 404, 'NOT_FOUND', null],
  ['ours, a stale version', new StaleVersionError('Jemand anderes hat gespeichert.'), 409, 'STALE_VERSION', null],
  ['a code ErrorCode does not list', withCode('Schon vergeben.', 409, 'SOMETHING_NEW'), 409, 'CONFLICT', 'warn'],
  [
    'a dependency unreachable (declared 503)',
    withCode('Der Katalog ist gerade nicht erreichbar.', 503, 'CATALOG_UNAVAILABLE'),
    503,
    'CATALOG_UNAVAILABLE',
    'warn',
  ],
  ['anything else', new TypeError("Cannot read properties of undefined (reading 'x')"), 500, 'INTERNAL_ERROR', 'error'],
] as const)('%s → %i %s', (_kind, error, status, code, logLevel) => {
  const { fake, logged } = request();
  const answer = errorAnswer(error, fake);
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
  // A German message, never a stack or an English library text.
  expect(answer.body.message).not.toMatch(/Cannot read|Not Allowed|Error:/);
  expect(logged.map((line) => line.level)).toEqual(logLevel ? [logLevel] : []);
});

test('a refused field names its path; a backstop refusal carries its challenge', () => {
  expect(errorAnswer(new FieldError('email', 'Bitte prüfen.'), request().fake).body.issues).toEqual([
    { path: 'body/email', message: 'Bitte prüfen.', rule: 'custom' },
  ]);
  const refused = errorAnswer(
    Object.assign(new ChallengeRequiredError('Zu viele Versuche.', challenge), { statusCode: 429, code: 'CHALLENGE_REQUIRED' }),
    request().fake,
  );
  expect(refused.body.challenge).toEqual(challenge);
});

test('an unexpected error while the client has gone is CLIENT_CLOSED, logged at info, not as a fault', () => {
  const { fake, logged } = request(true);
  expect(errorAnswer(new Error('write after end'), fake)).toEqual({
    status: 500,
    body: { message: 'Interner Serverfehler', code: 'CLIENT_CLOSED' },
  });
  expect(logged.map((line) => line.level)).toEqual(['info']);
});
