/** Contact form: validation at the fields, stored and e-mailed, honeypot, rate limit. */
import { CONTACT_FORM_ACTIONS } from '@shop/contracts';
import { contactMessageModel } from './contact-message.model';
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
  test('a message is stored and the page says so with its reference', async () => {
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, {
      ...valid,
      message: 'Per Formular ohne JavaScript.',
      zurueck: '/kontakt',
    });
    expect(answer).toMatchObject({ status: 303, location: '/kontakt' });
    expect(answer.flash).toMatchObject({ tone: 'success', title: 'Nachricht gesendet' });
    const reference = /Ihre Vorgangsnummer: (K-[0-9A-F]{8})$/.exec(answer.flash!.text)![1];
    expect(await contactMessageModel(env.app.db).findOne({ reference }).lean()).toMatchObject({ message: 'Per Formular ohne JavaScript.' });
  });

  test('refused fields come back in German, every one, and nothing is stored; another site is never the way back', async () => {
    const before = await contactMessageModel(env.app.db).countDocuments();
    const answer = await env.submitForm(CONTACT_FORM_ACTIONS.send, {
      ...valid,
      name: '',
      email: 'erika@',
      message: 'kurz',
      zurueck: '//evil.example',
    });
    expect(answer).toMatchObject({ status: 303, location: '/kontakt' });
    expect(answer.flash).toMatchObject({ tone: 'error', title: 'Nachricht nicht gesendet' });
    for (const reason of [
      'Bitte geben Sie Ihren Namen ein.',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      'Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).',
    ])
      expect(answer.flash!.text).toContain(reason);
    expect(await contactMessageModel(env.app.db).countDocuments()).toBe(before);
  });
});
