/**
 * The withdrawal text's way into every order confirmation (§ 312f Abs. 2 BGB): the content
 * service renders the published text, the cart service sets it as the attached PDF. The model
 * withdrawal form must arrive in the statute's words, its '(*)' markers included (Anlage 2 zu
 * Art. 246a § 1 Abs. 2 Satz 1 Nr. 1 EGBGB). Both real renderers, so it spans the two slices.
 */
import { LegalText } from '@shop/contracts';
import { statutoryModelWithdrawalForm } from '@shop/test-fixtures';
import { startContentTestEnv, TEST_OPERATOR } from '../services/content/src/test-support/content-test-env';
import { renderLegalTextPdf } from '../services/cart/src/legal/legal-text-pdf';
import { pdfText } from '../services/cart/src/test-support/pdf-text';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv(TEST_OPERATOR);
});
afterAll(() => env.close());

test("the confirmation's withdrawal PDF carries the statutory model withdrawal form verbatim", async () => {
  const { version } = (await env.get('/api/pages/widerrufsbelehrung')).body as { version: string };
  const text = LegalText.parse((await env.internal(`/internal/legal-texts/widerrufsbelehrung?version=${version}`)).body);
  const pdf = await renderLegalTextPdf({
    text,
    shopName: 'Muster Vape',
    origin: 'https://shop.example',
    orderNumber: 'RM-2026-000123',
    issuedAt: new Date('2026-11-29T10:00:00Z'),
  });
  // Lines wrap, list bullets and the page count stand apart in a PDF's text: compared as one run of words.
  const words = (value: string) =>
    value
      .replace(/•|-- \d+ of \d+ --/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const printed = words(await pdfText(pdf));
  const statute = words(
    statutoryModelWithdrawalForm('Muster Vape GmbH, Heidestraße 17, 51147 Köln, E-Mail: service@muster-vape.example').join(' '),
  );
  expect(printed.slice(printed.lastIndexOf('Muster-Widerrufsformular'))).toBe(statute);
});
