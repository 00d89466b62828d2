import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OrderNumber } from '@shop/contracts';
import { BANK_STATEMENT_MAX_BYTES, BANK_STATEMENT_MAX_ENTRIES } from '@shop/contracts/admin';
import { isoDateInBerlin } from '@shop/format';
import { defineApiError } from '@shop/service-kit';

/** 400 STATEMENT_NOT_XML: the upload is not well-formed XML (or carries a DTD). */
export const StatementNotXmlError = defineApiError('STATEMENT_NOT_XML', 400);
/** 400 STATEMENT_NOT_CAMT053: well-formed XML, but not a camt.053.001.02/.08 statement, or one the shop cannot read. */
export const StatementNotCamt053Error = defineApiError('STATEMENT_NOT_CAMT053', 400);
/** 400 STATEMENT_OTHER_ACCOUNT: a statement of another account than the shop's (or without an IBAN). */
export const StatementOtherAccountError = defineApiError('STATEMENT_OTHER_ACCOUNT', 400);
/** 400 STATEMENT_TOO_MANY_ENTRIES: more than BANK_STATEMENT_MAX_ENTRIES entries. */
export const StatementTooManyEntriesError = defineApiError('STATEMENT_TOO_MANY_ENTRIES', 400);
/** 413 PAYLOAD_TOO_LARGE: a file over BANK_STATEMENT_MAX_BYTES. */
export const StatementTooLargeError = defineApiError('PAYLOAD_TOO_LARGE', 413);

/** The German 413 of a statement over BANK_STATEMENT_MAX_BYTES. */
export const STATEMENT_TOO_LARGE_MESSAGE = 'Der Kontoauszug ist zu groß (höchstens 1 MB). Bitte laden Sie ihn tageweise hoch.';
const NOT_CAMT053 = 'Diese Datei ist kein Kontoauszug im Format camt.053 (ISO 20022, Version 001.02 oder 001.08).';

/** The camt.053 versions read: 001.08 (German banks since November 2025) and 001.02 (older exports). */
const NAMESPACES: Readonly<Record<string, '001.02' | '001.08'>> = {
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02': '001.02',
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08': '001.08',
};

/** One booked credit of a statement, as the matcher needs it. */
export interface StatementCredit {
  /**
   * The credit's identity on the account, for "imported once": the bank's reference
   * (`AcctSvcrRef`, unique per account) when it gives one; else (German banks often send
   * `NONREF`) its content (`fingerprint`) and how many identical credits came before it in the
   * file. Never the statement's id or the entry's position: the same credit reaches the shop in
   * daily, weekly and copy statements alike.
   */
  key: string;
  /**
   * Hash of what the credit is: account, booking and value day, amount, currency, the payer's
   * name and IBAN, end-to-end references and remittance text. A reference key whose stored credit
   * has another fingerprint is a reused reference, not the same credit.
   */
  fingerprint: string;
  /** `Stmt/Id` of the statement the credit is in. */
  statementId: string;
  /** The bank's reference as shown to staff (`AcctSvcrRef`, or `NONREF`/empty). */
  entryReference: string;
  /** Booking day (`BookgDt`), a German calendar day YYYY-MM-DD. */
  bookedOn: string;
  /** Amount in cents (never negative: the direction is the credit/debit flag). */
  amountCents: number;
  /** ISO 4217 code of the amount. */
  currency: string;
  /** The payer's name (`RltdPties/Dbtr`), empty when the bank gives none. */
  debtorName: string;
  /** The unstructured remittance lines (`RmtInf/Ustrd`) joined with a space. */
  remittance: string;
  /** The lines themselves, for matching across a line break. */
  remittanceLines: string[];
  /** true for a reversal (`RvslInd`): money coming back, never a shopper's payment. */
  reversal: boolean;
}

/** A statement file read: its statements' ids, the account, every entry counted and the booked credits. */
export interface ParsedStatement {
  version: '001.02' | '001.08';
  /** `Stmt/Id` of each statement in the file (a file may hold several days). */
  statementIds: string[];
  /** The account's IBAN, without spaces. */
  accountIban: string;
  /** All entries of the file (credits and debits, any status). */
  entryCount: number;
  /** The booked credits (`CdtDbtInd` CRDT, status BOOK), one per transaction of a batch booking. */
  credits: StatementCredit[];
}

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node => (typeof value === 'object' && value !== null ? (value as Node) : {});
const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  const inner = asNode(value)['#text'];
  return typeof inner === 'string' ? inner.trim() : '';
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const path = (node: unknown, ...names: string[]): unknown => names.reduce<unknown>((at, name) => asNode(at)[name], node);

/** Elements that repeat in camt.053 (0..n / 1..n): always read as arrays. */
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Bal']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Amounts, IBANs and references stay strings: no floats for money, no lost leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});
/** Reads only the root element's namespace declaration (removeNSPrefix above drops `xmlns`). */
const rootParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

/** Amount text (`xs:decimal`, up to 5 fraction digits) in cents; refuses fractions of a cent. */
function amountInCents(value: string): number {
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(value);
  if (!match) throw new StatementNotCamt053Error(`${NOT_CAMT053} Der Betrag „${value.slice(0, 30)}“ ist keine Zahl.`);
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') throw new StatementNotCamt053Error(`${NOT_CAMT053} Der Betrag „${value}“ hat Bruchteile eines Cents.`);
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

/** `Dt` (a day) or `DtTm` (a time; with an offset it is read as the German day). */
function bookingDay(choice: unknown): string | null {
  const day = text(path(choice, 'Dt'));
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const time = text(path(choice, 'DtTm'));
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(time)) return isoDateInBerlin(new Date(time));
  // A time without offset is the bank's local (German) time.
  if (/^\d{4}-\d{2}-\d{2}T/.test(time)) return time.slice(0, 10);
  return null;
}

/** Status BOOK: V02 writes it as text, V08 as `Sts/Cd` (or `Sts/Prtry`). */
const isBooked = (status: unknown) => text(status) === 'BOOK' || text(path(status, 'Cd')) === 'BOOK';

/** The payer's name: V02 `Dbtr/Nm`, V08 `Dbtr/Pty/Nm`; the ultimate debtor when there is no debtor. */
function debtorName(transaction: unknown): string {
  const parties = path(transaction, 'RltdPties');
  for (const role of ['Dbtr', 'UltmtDbtr']) {
    const name = text(path(parties, role, 'Nm')) || text(path(parties, role, 'Pty', 'Nm'));
    if (name) return name;
  }
  return '';
}

const normaliseIban = (iban: string) => iban.replace(/\s/g, '').toUpperCase();

/** The payer's IBAN (`RltdPties/DbtrAcct/Id/IBAN`) and the end-to-end reference (`Refs/EndToEndId`) of a transaction. */
const payerIban = (transaction: unknown) => normaliseIban(text(path(transaction, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN')));
const endToEndId = (transaction: unknown) => text(path(transaction, 'Refs', 'EndToEndId'));

/**
 * Reads a camt.053 bank statement (ISO 20022 BankToCustomerStatement, versions 001.02 and
 * 001.08) of the shop's account. Entities: only XML's predefined ones and character references;
 * a document type declaration (DTD, the door to entity expansion) is refused.
 * @param file the file's text (at most BANK_STATEMENT_MAX_BYTES as UTF-8; ISO 20022 messages are UTF-8).
 * @param accountIban the shop's account (spaces allowed): every statement in the file must be of it.
 * @throws StatementTooLargeError (413), StatementNotXmlError, StatementNotCamt053Error,
 *   StatementOtherAccountError, StatementTooManyEntriesError (400), each with a German message.
 */
export function parseCamt053(file: string, accountIban: string): ParsedStatement {
  // A byte order mark (some Windows tools write one) is no part of the XML.
  const xml = file.replace(/^\uFEFF/, '');
  if (Buffer.byteLength(xml, 'utf8') > BANK_STATEMENT_MAX_BYTES) throw new StatementTooLargeError(STATEMENT_TOO_LARGE_MESSAGE);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new StatementNotXmlError(
      'Die Datei enthält eine Dokumenttyp-Deklaration (DTD); Kontoauszüge enthalten keine. Sie wird nicht gelesen.',
    );
  const valid = xml.trimStart().startsWith('<') ? XMLValidator.validate(xml) : { err: { line: 1 } };
  if (valid !== true) throw new StatementNotXmlError(`Die Datei ist keine gültige XML-Datei (Zeile ${valid.err.line}): ${NOT_CAMT053}`);

  // Well-formed but beyond what the parser takes (e.g. nested deeper than any statement): refused, not a 500.
  const parsed = (read: XMLParser) => {
    try {
      return read.parse(xml) as unknown;
    } catch {
      throw new StatementNotCamt053Error(NOT_CAMT053);
    }
  };
  const root = asNode(parsed(rootParser));
  const rootName = Object.keys(root).find((name) => !name.startsWith('?') && !name.startsWith('#'));
  const rootPrefix = rootName?.includes(':') ? rootName.split(':')[0] : null;
  const namespace = text(asNode(root[rootName ?? ''])[rootPrefix ? `@_xmlns:${rootPrefix}` : '@_xmlns']);
  const version = NAMESPACES[namespace];
  if (!rootName || rootName.replace(/^.*:/, '') !== 'Document' || !version) throw new StatementNotCamt053Error(NOT_CAMT053);

  const statements = list(path(parsed(parser), 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (!statements.length) throw new StatementNotCamt053Error(NOT_CAMT053);
  const ownIban = normaliseIban(accountIban);
  const entryCount = statements.reduce<number>((sum, statement) => sum + list(path(statement, 'Ntry')).length, 0);
  if (entryCount > BANK_STATEMENT_MAX_ENTRIES)
    throw new StatementTooManyEntriesError(
      `Der Kontoauszug enthält ${entryCount} Buchungen, höchstens ${BANK_STATEMENT_MAX_ENTRIES} werden auf einmal eingelesen. Bitte laden Sie ihn tageweise hoch.`,
    );

  const statementIds: string[] = [];
  const credits: StatementCredit[] = [];
  /** Identical credits (same fingerprint) seen so far in this file: the n-th one is its own credit. */
  const seen = new Map<string, number>();
  for (const statement of statements) {
    const statementId = text(path(statement, 'Id'));
    if (!statementId) throw new StatementNotCamt053Error(`${NOT_CAMT053} Ein Auszug hat keine Kennung (Stmt/Id).`);
    const iban = normaliseIban(text(path(statement, 'Acct', 'Id', 'IBAN')));
    if (!iban)
      throw new StatementOtherAccountError(
        'Der Kontoauszug nennt keine IBAN; ob er zum Konto des Shops gehört, lässt sich nicht prüfen. Bitte exportieren Sie ihn mit IBAN.',
      );
    if (iban !== ownIban)
      throw new StatementOtherAccountError(
        `Der Kontoauszug ist für das Konto ${iban}, nicht für das Konto des Shops (${ownIban}). Es wurde nichts verbucht.`,
      );
    statementIds.push(statementId);
    list(path(statement, 'Ntry')).forEach((entry) => {
      if (text(path(entry, 'CdtDbtInd')) !== 'CRDT' || !isBooked(path(entry, 'Sts'))) return;
      const bookedOn = bookingDay(path(entry, 'BookgDt'));
      if (!bookedOn) throw new StatementNotCamt053Error(`${NOT_CAMT053} Eine Buchung hat kein Buchungsdatum.`);
      const amount = path(entry, 'Amt');
      const reference = text(path(entry, 'AcctSvcrRef'));
      const reversal = text(path(entry, 'RvslInd')) === 'true';
      const transactions = list(path(entry, 'NtryDtls')).flatMap((details) => list(path(details, 'TxDtls')));
      // A batch booking (several transactions with their own amounts) is one credit per
      // transaction; otherwise the entry is the credit.
      const ownAmount = (transaction: unknown) => path(transaction, 'Amt') ?? path(transaction, 'AmtDtls', 'TxAmt', 'Amt');
      const parts =
        transactions.length > 1 && transactions.every((transaction) => text(ownAmount(transaction)))
          ? transactions.map((transaction, index) => ({ transaction, amount: ownAmount(transaction), suffix: `/${index + 1}` }))
          : [{ transaction: transactions, amount, suffix: '' }];
      for (const part of parts) {
        const details = list(part.transaction);
        const remittanceLines = details.flatMap((transaction) => list(path(transaction, 'RmtInf', 'Ustrd')).map(text)).filter(Boolean);
        const amountCents = amountInCents(text(part.amount));
        const currency = text(path(part.amount, '@_Ccy'));
        const remittance = remittanceLines.join(' ');
        const names = details.map(debtorName).filter(Boolean);
        const fingerprint = createHash('sha256')
          .update(
            JSON.stringify([
              iban,
              bookedOn,
              bookingDay(path(entry, 'ValDt')),
              amountCents,
              currency,
              reversal,
              names,
              details.map(payerIban),
              details.map(endToEndId),
              remittance,
            ]),
          )
          .digest('hex')
          .slice(0, 32);
        const occurrence = (seen.get(fingerprint) ?? 0) + 1;
        seen.set(fingerprint, occurrence);
        const ownReference = reference && reference.toUpperCase() !== 'NONREF';
        const key = ownReference ? `${iban}|ref|${reference}${part.suffix}` : `${iban}|content|${fingerprint}|${occurrence}`;
        credits.push({
          key,
          fingerprint,
          statementId,
          entryReference: `${reference}${part.suffix}`,
          bookedOn,
          amountCents,
          currency,
          debtorName: [...new Set(names)].join(', '),
          remittance,
          remittanceLines,
          reversal,
        });
      }
    });
  }
  return { version, statementIds, accountIban: ownIban, entryCount, credits };
}

/**
 * The order numbers a remittance text names, as the shop prints them ('RT-2026-K7M2QX9P', older
 * 'RT-2026-000042'), found however payers write them: any case, with spaces, dashes, dots or
 * nothing between the parts, the random part in two groups of four, O/I/L for 0/1 (contract
 * OrderNumber), and across a line break of the
 * bank's 35/27-character lines. Distinct numbers, in order of appearance.
 */
export function orderNumbersIn(lines: string[]): string[] {
  // The random part may be written in two groups of four ('K7M2 QX9P').
  const pattern = /R\s*T[\s\-_.]*(\d{4})[\s\-_.]*([0-9A-Z]{4}[\s-]?[0-9A-Z]{4}|\d{6})(?![0-9A-Z])/g;
  const found = new Set<string>();
  for (const joined of [lines.join(' '), lines.join('')]) {
    for (const match of joined.toUpperCase().matchAll(pattern)) {
      // Read as the contract reads a typed order number (O/I/L for 0/1; no U in Crockford's base 32).
      const number = OrderNumber.safeParse(`RT-${match[1]}-${match[2]!.replace(/[\s-]/g, '')}`);
      if (number.success) found.add(number.data);
    }
  }
  return [...found];
}
