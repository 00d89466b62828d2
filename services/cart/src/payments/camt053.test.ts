/**
 * Reading camt.053 statements: the fixtures (written from the ISO 20022 schemas and validated
 * against them), amounts in cents, booking days, and the order numbers in remittance texts as
 * payers write them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { orderNumbersIn, parseCamt053 } from './camt053';

const SHOP_IBAN = 'DE02 1203 0000 0000 2020 51';
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
/** The error `read` throws. */
const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};

/** What xmllint says of `xml` against the ISO 20022 schema of its version (fixtures/xsd/). */
const schemaErrors = async (xml: string, version: '02' | '08') => {
  const xsd = `camt.053.001.${version}.xsd`;
  const result = await validateXML({
    xml: { fileName: 'statement.xml', contents: xml },
    schema: { fileName: xsd, contents: readFileSync(path.join(__dirname, 'fixtures', 'xsd', xsd), 'utf8') },
  });
  return result.errors.map((error) => error.message);
};

test('the fixtures are valid camt.053 statements of their versions (ISO 20022 XSD)', async () => {
  const day = fixture('camt053.001.08-shop-day.xml');
  expect(await schemaErrors(day, '08')).toEqual([]);
  expect(await schemaErrors(fixture('camt053.001.02-older-export.xml'), '02')).toEqual([]);
  expect(await schemaErrors(fixture('camt053.001.08-dhl-cod-payouts.xml'), '08')).toEqual([]);
  // The check can fail: an entry without its bank transaction code is not a statement.
  expect(await schemaErrors(day.replace(/<BkTxCd>[\s\S]*?<\/BkTxCd>/, ''), '08')).not.toEqual([]);
});

test('the day statement (001.08): booked credits only, with amount, day, payer and remittance', () => {
  const statement = parseCamt053(fixture('camt053.001.08-shop-day.xml'), SHOP_IBAN);
  expect(statement).toMatchObject({
    version: '001.08',
    statementIds: ['20261122-0001'],
    accountIban: 'DE02120300000000202051',
    entryCount: 11,
  });
  expect(statement.credits).toHaveLength(9);
  expect(statement.credits[0]).toEqual({
    key: 'DE02120300000000202051|ref|2026112200000001',
    fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
    statementId: '20261122-0001',
    entryReference: '2026112200000001',
    bookedOn: '2026-11-22',
    amountCents: 2198,
    currency: 'EUR',
    debtorName: 'Max Mustermann',
    remittance: 'SVWZ+RT-2026-K7M2QX9P EREF+NOTPROVIDED',
    remittanceLines: ['SVWZ+RT-2026-K7M2QX9P EREF+NOTPROVIDED'],
    reversal: false,
  });
  const unnumbered = statement.credits.find((credit) => credit.entryReference === 'NONREF')!;
  expect(unnumbered).toMatchObject({ debtorName: 'Müller & Söhne GmbH', amountCents: 5000 });
  // NONREF is no identity: the key is the credit's content, counted among identical ones in the file.
  expect(unnumbered.key).toBe(`DE02120300000000202051|content|${unnumbered.fingerprint}|1`);
  // The same credit in another statement (a weekly one, a copy) has the same key; a second
  // identical credit in one file is a credit of its own.
  const day = fixture('camt053.001.08-shop-day.xml');
  const weekly = parseCamt053(day.replaceAll('20261122-0001', '20261122-WOCHE'), SHOP_IBAN);
  expect(weekly.credits.map((credit) => credit.key)).toEqual(statement.credits.map((credit) => credit.key));
  const entries = /<Ntry>[\s\S]*<\/Ntry>/.exec(day)![0];
  const nonref = entries.split('</Ntry>').find((entry) => entry.includes('NONREF'))! + '</Ntry>';
  const twice = parseCamt053(day.replace(nonref, nonref + nonref.trimStart()), SHOP_IBAN);
  expect(twice.credits.filter((credit) => credit.entryReference === 'NONREF').map((credit) => credit.key.slice(-2))).toEqual(['|1', '|2']);
});

test('a file nested deeper than any statement is refused as no statement, not a server error', () => {
  const deep = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</Document>`;
  expect(refusal(() => parseCamt053(deep, SHOP_IBAN))).toMatchObject({ code: 'STATEMENT_NOT_CAMT053', statusCode: 400 });
});

test('the older export (001.02): status and payer in the older places', () => {
  const statement = parseCamt053(fixture('camt053.001.02-older-export.xml'), SHOP_IBAN);
  expect(statement.version).toBe('001.02');
  expect(statement.credits).toEqual([
    expect.objectContaining({
      amountCents: 2198,
      debtorName: 'Jürgen Köhler',
      remittance: 'EREF+NOTPROVIDED SVWZ+Rechnung RT-2026-000042',
    }),
  ]);
});

test('amounts with up to five decimals, booking times as German days, reversals flagged, statements without IBAN refused', () => {
  const base = fixture('camt053.001.08-shop-day.xml');
  const changed = base
    .replace('<Amt Ccy="EUR">21.98</Amt>', '<Amt Ccy="EUR">21.98000</Amt>')
    .replace('<Dt>2026-11-22</Dt>\n                </BookgDt>', '<DtTm>2026-11-22T23:30:00Z</DtTm>\n                </BookgDt>')
    .replace(
      '<CdtDbtInd>CRDT</CdtDbtInd>\n                <Sts>',
      '<CdtDbtInd>CRDT</CdtDbtInd>\n                <RvslInd>true</RvslInd>\n                <Sts>',
    );
  const [first] = parseCamt053(changed, SHOP_IBAN).credits;
  expect(first).toMatchObject({ amountCents: 2198, bookedOn: '2026-11-23', reversal: true });
  expect(() => parseCamt053(base.replace('<Amt Ccy="EUR">21.98</Amt>', '<Amt Ccy="EUR">21.985</Amt>'), SHOP_IBAN)).toThrow(
    /Bruchteile eines Cents/,
  );
  const withoutIban = base.replace('<IBAN>DE02120300000000202051</IBAN>', '<Othr><Id>0000202051</Id></Othr>');
  expect(refusal(() => parseCamt053(withoutIban, SHOP_IBAN))).toMatchObject({ code: 'STATEMENT_OTHER_ACCOUNT', statusCode: 400 });
});

test('a namespace prefix on the document is read; a file over 1 MB is refused', () => {
  const prefixed = fixture('camt053.001.02-older-export.xml')
    .replace('<Document xmlns="', '<c:Document xmlns:c="')
    .replace('</Document>', '</c:Document>');
  expect(parseCamt053(prefixed, SHOP_IBAN).credits).toHaveLength(1);
  expect(refusal(() => parseCamt053(`<a>${'x'.repeat(1024 * 1024)}</a>`, SHOP_IBAN))).toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    statusCode: 413,
  });
});

test.each([
  [['SVWZ+RT-2026-K7M2QX9P EREF+NOTPROVIDED'], ['RT-2026-K7M2QX9P']],
  [['Bestellung rt-2026-k7m2qx9p Max Mustermann'], ['RT-2026-K7M2QX9P']],
  [['RT 2026 K7M2 QX9P'], ['RT-2026-K7M2QX9P']],
  [['RT2026K7M2QX9P'], ['RT-2026-K7M2QX9P']],
  [['RT-2026-K7M2QX9P', 'Danke'], ['RT-2026-K7M2QX9P']],
  [['Bestellung RT-2026-K7M2', 'QX9P Max Mustermann'], ['RT-2026-K7M2QX9P']],
  // O, I and L typed for 0, 1 and 1 (Crockford's base 32 has none of them).
  [['RT-2026-K7M2QX9P RT-2026-OOOOIILL'], ['RT-2026-K7M2QX9P', 'RT-2026-00001111']],
  [['Rechnung RT-2026-000042'], ['RT-2026-000042']],
  [['Miete November', 'PARTNER 2026'], []],
  [['RT-2026-UUUUUUUU'], []],
])('%j names %j', (lines, numbers) => {
  expect(orderNumbersIn(lines)).toEqual(numbers);
});
