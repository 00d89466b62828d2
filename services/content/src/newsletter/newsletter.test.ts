/** Newsletter with double opt-in (spec §5, §7, §8; legal-de.md §4.14) against the real local database. */
import { NEWSLETTER_CONSENT, NEWSLETTER_FORM_ACTIONS } from '@shop/contracts';
import { subscriptionModel } from './subscription.model';
import { SUBSCRIBE_MESSAGE } from './newsletter.routes';
import { startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv({ NEWSLETTER_LIMIT_PER_IP: '1000' });
});
afterAll(() => env.close());
const START = new Date('2026-11-23T10:00:00Z');
beforeEach(() => {
  env.clock.now = START;
});
const later = (ms: number) => (env.clock.now = new Date(env.clock.now.getTime() + ms));
const subscribe = (email: unknown, ip?: string) => env.post('/api/newsletter/subscribe', { email, source: 'website' }, ip);
const record = (email: string) => subscriptionModel(env.app.db).findOne({ email }).lean();

test('spec §5 texts: empty and invalid addresses; source must be website; operator payloads are refused', async () => {
  expect(await subscribe('')).toMatchObject({
    status: 400,
    body: { issues: [{ path: 'body/email', message: 'Bitte geben Sie eine E-Mail-Adresse ein.' }] },
  });
  expect(await subscribe('erika@')).toMatchObject({
    status: 400,
    body: { issues: [{ path: 'body/email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }] },
  });
  expect((await subscribe({ $ne: null })).status).toBe(400);
  expect((await env.post('/api/newsletter/subscribe', { email: 'a@example.de', source: 'partner' })).body.issues[0].path).toBe(
    'body/source',
  );
  expect((await env.post('/api/newsletter/confirm', { token: { $ne: null } })).status).toBe(400);
});

test('double opt-in: pending → confirmed with the consent record → unsubscribed; a second click says it is confirmed; links expire', async () => {
  const email = 'doi@example.de';
  expect(await subscribe(' DOI@Example.de ')).toMatchObject({ status: 202, body: { message: SUBSCRIBE_MESSAGE } });
  expect(await record(email)).toMatchObject({ status: 'pending', source: 'website', consentVersion: NEWSLETTER_CONSENT.version });
  const [confirmation] = await env.mailsTo(email);
  expect(confirmation!.subject).toMatch(/bestätigen/);
  expect(confirmation!.text).toContain('https://shop.example/newsletter/bestaetigen?token=');
  const token = env.tokenIn(confirmation!);

  later(60_000);
  expect((await env.post('/api/newsletter/confirm', { token })).status).toBe(200);
  expect(await record(email)).toMatchObject({
    status: 'confirmed',
    confirmedAt: new Date(START.getTime() + 60_000),
    consentVersion: NEWSLETTER_CONSENT.version,
  });
  // The same link again: it says so, and no second welcome e-mail goes out.
  expect(await env.post('/api/newsletter/confirm', { token })).toMatchObject({
    status: 200,
    body: { message: 'Ihre Anmeldung zum Newsletter ist bereits bestätigt. Sie müssen nichts weiter tun.' },
  });
  expect((await env.mailsTo(email)).filter((mail) => /ist bestätigt/.test(mail.subject))).toHaveLength(1);

  const welcome = (await env.mailsTo(email)).find((mail) => /ist bestätigt/.test(mail.subject))!;
  expect(welcome.text).toContain('Newsletter abbestellen: https://shop.example/newsletter/abmelden?token=');
  const unsubscribe = env.tokenIn(welcome);
  expect((await env.post('/api/newsletter/unsubscribe', { token: unsubscribe })).status).toBe(200);
  expect(await record(email)).toMatchObject({ status: 'unsubscribed' });
  expect((await env.post('/api/newsletter/unsubscribe', { token: unsubscribe })).status).toBe(200); // twice is fine
  expect((await env.post('/api/newsletter/unsubscribe', { token: 'x'.repeat(43) })).status).toBe(400);
  // After unsubscribing, the old confirmation link is no longer a confirmation.
  expect(await env.post('/api/newsletter/confirm', { token })).toMatchObject({
    status: 400,
    body: { message: expect.stringMatching(/ungültig oder abgelaufen/) },
  });

  // An expired link does not confirm.
  await subscribe('spaet@example.de');
  const late = env.tokenIn((await env.mailsTo('spaet@example.de'))[0]!);
  later(48 * 60 * 60 * 1000 + 1);
  expect((await env.post('/api/newsletter/confirm', { token: late })).status).toBe(400);
  expect(await record('spaet@example.de')).toMatchObject({ status: 'pending' });
});

test('repeating a subscription reveals nothing and sends at most one link per 10 minutes; confirmed addresses get none', async () => {
  const email = 'wieder@example.de';
  for (let i = 0; i < 3; i++) expect(await subscribe(email)).toMatchObject({ status: 202, body: { message: SUBSCRIBE_MESSAGE } });
  expect(await env.mailsTo(email)).toHaveLength(1);
  later(10 * 60 * 1000);
  await subscribe(email);
  const links = await env.mailsTo(email);
  expect(links).toHaveLength(2);
  // The newest link works; the earlier one was replaced.
  expect((await env.post('/api/newsletter/confirm', { token: env.tokenIn(links[0]!) })).status).toBe(400);
  expect((await env.post('/api/newsletter/confirm', { token: env.tokenIn(links[1]!) })).status).toBe(200);
  later(60 * 60 * 1000);
  expect(await subscribe(email)).toMatchObject({ status: 202, body: { message: SUBSCRIBE_MESSAGE } });
  expect((await env.mailsTo(email)).filter((mail) => /bestätigen Sie/.test(mail.subject))).toHaveLength(2);
  expect(await record(email)).toMatchObject({ status: 'confirmed' });
});

test('twenty parallel subscriptions of a new address: one record, one e-mail', async () => {
  const email = 'parallel@example.de';
  const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(email)));
  expect(answers.every((answer) => answer.status === 202)).toBe(true);
  expect(await subscriptionModel(env.app.db).countDocuments({ email })).toBe(1);
  expect(await env.mailsTo(email)).toHaveLength(1);
});

test('30 shoppers behind one address each subscribe: all succeed', async () => {
  const shared = await startContentTestEnv();
  try {
    for (let i = 0; i < 30; i++)
      expect(
        (await shared.post('/api/newsletter/subscribe', { email: `nachbar${i}@example.de`, source: 'website' }, '198.51.100.30')).status,
      ).toBe(202);
  } finally {
    await shared.close();
  }
});

test('subscriptions are limited per client IP as a backstop, with a neutral message', async () => {
  const limited = await startContentTestEnv({ NEWSLETTER_LIMIT_PER_IP: '3' });
  try {
    for (let i = 0; i < 3; i++)
      expect((await limited.post('/api/newsletter/subscribe', { email: `ip${i}@example.de`, source: 'website' })).status).toBe(202);
    const refused = await limited.post('/api/newsletter/subscribe', { email: 'ip9@example.de', source: 'website' });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        code: 'NEWSLETTER_REQUESTS_EXCEEDED',
        message: 'Aus Sicherheitsgründen ist das gerade nicht möglich. Bitte versuchen Sie es in 15 Minuten erneut.',
      },
    });
    expect((await limited.post('/api/newsletter/subscribe', { email: 'ip9@example.de', source: 'website' }, '198.51.100.7')).status).toBe(
      202,
    );
  } finally {
    await limited.close();
  }
});

describe('the footer sign-up as an HTML form (docs/decisions/forms-first.md)', () => {
  const PAGE = '/kategorien/randm-tornado-9000';
  const submit = (fields: Record<string, string>, ip?: string) =>
    env.submitForm(NEWSLETTER_FORM_ACTIONS.subscribe, { zurueck: PAGE, ...fields }, ip);

  test('a valid address: the same double opt-in, back to the page with "Erfolgreich angemeldet!"', async () => {
    const answer = await submit({ email: ' Formular@Example.de ', consentVersion: NEWSLETTER_CONSENT.version });
    expect(answer).toMatchObject({ status: 303, location: PAGE });
    expect(answer.flash).toEqual({ tone: 'success', title: 'Erfolgreich angemeldet!', text: SUBSCRIBE_MESSAGE, link: null });
    expect(await record('formular@example.de')).toMatchObject({
      status: 'pending',
      source: 'website',
      consentVersion: NEWSLETTER_CONSENT.version,
    });
    expect((await env.mailsTo('formular@example.de'))[0]!.subject).toMatch(/bestätigen/);
  });

  test('a return path with characters a Location header cannot carry: signed up, and back to that page percent-encoded', async () => {
    const answer = await submit({ email: 'zeichen@example.de', consentVersion: NEWSLETTER_CONSENT.version, zurueck: '/中' });
    expect(answer).toMatchObject({ status: 303, location: '/%E4%B8%AD', flash: { tone: 'success' } });
    expect(await record('zeichen@example.de')).toMatchObject({ status: 'pending' });
  });

  test('empty and invalid addresses: spec §5 texts, nothing stored; a foreign return address is not followed', async () => {
    const empty = await submit({ email: '  ', zurueck: 'https://example.com/' });
    expect(empty).toMatchObject({ status: 303, location: '/' });
    expect(empty.flash).toEqual({
      tone: 'error',
      title: 'E-Mail erforderlich',
      text: 'Bitte geben Sie eine E-Mail-Adresse ein.',
      link: null,
    });
    const invalid = await submit({ email: 'erika@' });
    expect(invalid.flash).toMatchObject({
      tone: 'error',
      title: 'Ungültige E-Mail',
      text: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    });
    expect(await record('erika@')).toBeNull();
  });

  test('the per-IP backstop counts form sign-ups too, and says so', async () => {
    const limited = await startContentTestEnv({ NEWSLETTER_LIMIT_PER_IP: '2' });
    try {
      const fields = (i: number) => ({ email: `form-ip${i}@example.de`, zurueck: PAGE });
      expect((await limited.submitForm(NEWSLETTER_FORM_ACTIONS.subscribe, fields(1))).flash?.tone).toBe('success');
      expect((await limited.post('/api/newsletter/subscribe', { email: 'json-ip@example.de', source: 'website' })).status).toBe(202);
      const refused = await limited.submitForm(NEWSLETTER_FORM_ACTIONS.subscribe, fields(2));
      expect(refused).toMatchObject({ status: 303, location: PAGE });
      expect(refused.flash).toMatchObject({
        tone: 'error',
        title: 'Anmeldung fehlgeschlagen',
        text: 'Aus Sicherheitsgründen ist das gerade nicht möglich. Bitte versuchen Sie es in 15 Minuten erneut.',
      });
      expect(await subscriptionModel(limited.app.db).countDocuments({ email: 'form-ip2@example.de' })).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
