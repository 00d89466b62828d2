/** Contact form: validation at the fields, stored and e-mailed, honeypot, rate limit. */
import { CONTACT_FORM_ACTIONS } from '@shop/contracts';
import { FORM_OUTCOME_MAX_AGE_S } from '@shop/service-kit';
import { contactMessageModel } from './contact-message.model';
import { CONTACT_FORM_COOKIE } from './contact.routes';
import { startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv({ CONTACT_LIMIT_PER_IP: '1000', OPERATOR_EMAIL: 'service@muster-vape.example' });
});
afterAll(() => env.close());

const valid = {
  name: 'Erika Mustermann',
  email: 'Erika@Example.de',
  orderNumber: 'rt-2026-000042',
  subject: 'Frage zu einer Bestellung',
  message: 'Wann wird meine Bestellung verschickt?',
  homepage: '',
};

test('a message is stored, e-mailed to the shop with the sender as reply-to, and answered with its reference', async () => {
  const answer = await env.post('/api/contact', valid);
  expect(answer).toMatchObject({ status: 202, body: { reference: expect.stringMatching(/^K-[0-9A-F]{8}$/) } });
  const stored = await contactMessageModel(env.app.db).findOne({ reference: answer.body.reference }).lean();
  expect(stored).toMatchObject({ email: 'erika@example.de', orderNumber: 'RT-2026-000042', message: valid.message });
  const [mail] = await env.mailsTo('service@muster-vape.example');
  expect(mail).toMatchObject({
    replyTo: 'erika@example.de',
    subject: `Kontaktformular ${answer.body.reference}: Frage zu einer Bestellung`,
  });
  expect(mail!.text).toContain('Bestellnummer: RT-2026-000042');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await contactMessageModel(env.app.db).findOne({ reference: answer.body.reference }).lean())!.mailedAt).not.toBeNull();
});

test.each([
  [{ name: '' }, 'body/name', 'Bitte geben Sie Ihren Namen ein.'],
  [{ name: 'Erika\r\nBcc: x@y.de' }, 'body/name', 'Bitte ohne Zeilenumbrüche oder Steuerzeichen eingeben.'],
  [{ email: 'erika@' }, 'body/email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
  [{ email: { $ne: null } }, 'body/email', undefined],
  [{ orderNumber: '42' }, 'body/orderNumber', undefined],
  [{ subject: 'Werbung' }, 'body/subject', 'Bitte wählen Sie ein Thema.'],
  [{ message: 'kurz' }, 'body/message', 'Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).'],
  [{ message: 'x'.repeat(5001) }, 'body/message', 'Höchstens 5000 Zeichen.'],
])('%j is refused at its field', async (change, path, message) => {
  const { status, body } = await env.post('/api/contact', { ...valid, ...change });
  expect(status).toBe(400);
  expect(body.issues[0]).toMatchObject({ path, ...(message ? { message } : {}) });
});

test('a filled honeypot looks like success to the bot, but nothing is stored or sent', async () => {
  const before = await contactMessageModel(env.app.db).countDocuments();
  const mailsBefore = env.mails.length;
  const answer = await env.post('/api/contact', { ...valid, homepage: 'https://spam.example' });
  expect(answer.status).toBe(202);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await contactMessageModel(env.app.db).countDocuments()).toBe(before);
  expect(env.mails.length).toBe(mailsBefore);
});

test('messages are limited per sender address (5), and per client IP as a backstop', async () => {
  const limited = await startContentTestEnv({ CONTACT_LIMIT_PER_IP: '7' });
  try {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await limited.post('/api/contact', valid, `198.51.100.${40 + i}`)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // 30 shoppers behind one address would share the backstop; here it is 7, and then it answers neutrally.
    for (let i = 0; i < 7; i++)
      expect((await limited.post('/api/contact', { ...valid, email: `kunde${i}@example.de` }, '198.51.100.60')).status).toBe(202);
    expect(await limited.post('/api/contact', { ...valid, email: 'kunde9@example.de' }, '198.51.100.60')).toMatchObject({
      status: 429,
      body: {
        code: 'CONTACT_REQUESTS_EXCEEDED',
        message: 'Aus Sicherheitsgründen ist das gerade nicht möglich. Bitte versuchen Sie es in 15 Minuten erneut.',
      },
    });
  } finally {
    await limited.close();
  }
});

describe('the contact form without JavaScript (CONTACT_FORM_ACTIONS, docs/decisions/forms-first.md)', () => {
  /** The outcome the page's server render reads with the browser's cookie `value`, and what the read set. */
  const outcomeWith = async (value: string | undefined) => {
    const answer = await env.get(CONTACT_FORM_ACTIONS.outcome, value === undefined ? {} : { cookie: `${CONTACT_FORM_COOKIE}=${value}` });
    return { ...answer, forgotten: [answer.headers['set-cookie'] ?? []].flat().some((cookie) => /^shop_contact_form=;/.test(cookie)) };
  };
  /** The decoded payload of a signed outcome cookie ('<base64url>.<signature>', URL-encoded). */
  const payloadOf = (value: string) => Buffer.from(decodeURIComponent(value).split('.')[0]!, 'base64url').toString();

  test('a message is stored, and the next render of /kontakt shows its reference once', async () => {
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, { ...valid, message: 'Per Formular ohne JavaScript.' });
    expect(answer).toMatchObject({ status: 303, location: '/kontakt', flash: null });
    const outcome = await outcomeWith(answer.cookies[CONTACT_FORM_COOKIE]);
    expect(outcome).toMatchObject({ status: 200, forgotten: true });
    expect(outcome.headers['cache-control']).toBe('no-store');
    expect(outcome.body).toEqual({
      state: {
        values: { name: '', email: '', orderNumber: '', subject: '', message: '' },
        errors: {},
        receipt: {
          message: 'Vielen Dank für Ihre Nachricht! Wir antworten in der Regel innerhalb von zwei Werktagen.',
          reference: expect.stringMatching(/^K-[0-9A-F]{8}$/),
        },
      },
    });
    const { reference } = outcome.body.state.receipt;
    expect(await contactMessageModel(env.app.db).findOne({ reference }).lean()).toMatchObject({ message: 'Per Formular ohne JavaScript.' });
    // Without the cookie (a later visit, another browser) there is nothing to show.
    expect((await outcomeWith(undefined)).body).toEqual({ state: null });
  });

  test('refused: back to /kontakt with every entry typed and each German reason at its field, nothing stored', async () => {
    const before = await contactMessageModel(env.app.db).countDocuments();
    const typed = { name: '', email: 'erika@', orderNumber: '42', subject: 'Rücknahme alter Geräte', message: 'kurz' };
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, { ...typed, homepage: '', zurueck: '//evil.example' });
    expect(answer).toMatchObject({ status: 303, location: '/kontakt', flash: null });
    expect(JSON.parse(payloadOf(answer.cookies[CONTACT_FORM_COOKIE]!))).toMatchObject({ values: typed });
    expect((await outcomeWith(answer.cookies[CONTACT_FORM_COOKIE])).body).toEqual({
      state: {
        values: typed,
        errors: {
          name: 'Bitte geben Sie Ihren Namen ein.',
          email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
          orderNumber: 'Bitte geben Sie Ihre Bestellnummer wie in der Bestellbestätigung ein (z. B. RT-2026-K7M2QX9P).',
          message: 'Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).',
        },
        receipt: null,
      },
    });
    expect(await contactMessageModel(env.app.db).countDocuments()).toBe(before);
  });

  test('an outcome cookie the service did not sign, or signed more than ten minutes ago, is ignored', async () => {
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, { ...valid, email: 'alt@' });
    const signed = decodeURIComponent(answer.cookies[CONTACT_FORM_COOKIE]!);
    const [payload, signature] = signed.split('.');
    const tampered = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('alt@', 'anders@example.de')).toString('base64url');
    expect((await outcomeWith(encodeURIComponent(`${tampered}.${signature}`))).body).toEqual({ state: null });
    expect((await outcomeWith(tampered)).body).toEqual({ state: null });
    const started = env.clock.now;
    try {
      env.clock.now = new Date(started.getTime() + FORM_OUTCOME_MAX_AGE_S * 1000 + 1);
      expect((await outcomeWith(encodeURIComponent(signed))).body).toEqual({ state: null });
      env.clock.now = new Date(started.getTime() + FORM_OUTCOME_MAX_AGE_S * 1000);
      expect((await outcomeWith(encodeURIComponent(signed))).body.state).toMatchObject({ values: { email: 'alt@' } });
    } finally {
      env.clock.now = started;
    }
  });

  test('past the per-sender limit the reason stands above the form, the entries kept', async () => {
    const email = `formular-limit-${Date.now()}@example.de`;
    for (let i = 0; i < 5; i++) expect((await env.post('/api/contact', { ...valid, email })).status).toBe(202);
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, { ...valid, email });
    expect((await outcomeWith(answer.cookies[CONTACT_FORM_COOKIE])).body).toEqual({
      state: {
        values: { name: valid.name, email, orderNumber: valid.orderNumber, subject: valid.subject, message: valid.message },
        errors: { form: 'Sie haben uns gerade mehrere Nachrichten geschickt. Bitte versuchen Sie es in 15 Minuten erneut.' },
        receipt: null,
      },
    });
  });

  test('a message too long for the cookie comes back without its text, and the field says where it still is', async () => {
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, { ...valid, email: 'erika@', message: 'Ä'.repeat(4000) });
    const { state } = (await outcomeWith(answer.cookies[CONTACT_FORM_COOKIE])).body;
    expect(state.values).toMatchObject({ name: valid.name, email: 'erika@', message: '' });
    expect(state.errors).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      message: 'Ihr Text war zu lang, um ihn hier wieder einzusetzen. Bitte gehen Sie im Browser eine Seite zurück: Dort steht er noch.',
    });
  });
});
