/**
 * What a parcel's tracking means for its order, checked against DHL's own event table (the vendored
 * parcel_de_ice_event_ric_combinations_July_2024.csv): every ICE/RIC combination DHL lists is
 * classified as its names say.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TrackedEvent, TrackedPiece } from './tracking-client';
import { NOT_THE_RECIPIENT_REASONS, parcelOutcome, WRONG_HANDOVER_REASONS } from './tracking-status';

const AT = new Date('2026-11-20T13:05:00Z');

/** DHL's table: ICE event, RIC reason and the German name of the reason, one row per combination. */
const table = readFileSync(path.join(__dirname, 'parcel_de_ice_event_ric_combinations_July_2024.csv'), 'latin1')
  .split(/\r?\n/)
  .slice(1)
  .filter(Boolean)
  .map((line) => {
    const [ice, ric, , , , , reasonDe] = line.split(';');
    return { ice: ice!, ric: ric!, reasonDe: reasonDe! };
  });

/** A parcel whose newest (and only) event is `ice`/`ric`, as DHL's answer gives it. */
const parcel = (ice: string, ric: string, extra: Partial<TrackedPiece> = {}, events?: TrackedEvent[]): TrackedPiece => ({
  searchedPieceCode: '00340434161094015902',
  errorStatus: '0',
  statusAt: AT,
  status: 'Text von DHL',
  ice,
  ric,
  deliveryFlag: ice === 'DLVRD',
  returnToSender: false,
  events: events ?? [{ at: AT, ice, ric, text: 'Text von DHL', returnToSender: false }],
  ...extra,
});

/** The kind the table's names call for. */
function expectedKind(ice: string, ric: string): string {
  if (ice === 'RETRN' || (ice === 'OFWRD' && (ric === 'RTSCR' || ric === 'RTSSA'))) return 'returned';
  if (ice === 'DLVRD') return ric in WRONG_HANDOVER_REASONS ? 'delivered/wrong-handover' : 'delivered';
  if (ice === 'DLVRF' || (ice === 'NTDEL' && ric === 'RFUSD')) return 'refused';
  if (ice === 'NTDEL') return 'failed-attempt';
  if (ice === 'HLDCC' || ice === 'CNRFC') return 'held-for-collection';
  return 'in-transit';
}

test("DHL's table has the events and reasons the mapping names, and every one of its 338 combinations is classified", () => {
  expect(table).toHaveLength(338);
  const reasonsOf = (ice: string) => new Set(table.filter((row) => row.ice === ice).map((row) => row.ric));
  for (const ric of Object.keys(WRONG_HANDOVER_REASONS)) expect(reasonsOf('DLVRD')).toContain(ric);
  for (const ric of ['AGNEG', 'IDNEG', 'CTCNI', 'IDDMG', 'RFUSD']) expect(reasonsOf('NTDEL')).toContain(ric);
  for (const row of table) {
    const outcome = parcelOutcome(parcel(row.ice, row.ric), AT);
    const kind =
      outcome.kind === 'in-transit'
        ? 'in-transit'
        : outcome.kind === 'delivered'
          ? outcome.issue
            ? `delivered/${outcome.issue.kind}`
            : 'delivered'
          : outcome.issue.kind;
    expect({ ...row, kind }).toEqual({ ...row, kind: expectedKind(row.ice, row.ric) });
  }
});

test("delivered on DHL's German day (the delivery event's, not a later event's), with the handover named for staff", () => {
  const events: TrackedEvent[] = [
    {
      at: new Date('2026-11-18T22:30:00Z'),
      ice: 'DLVRD',
      ric: 'NGHBR',
      text: 'Die Sendung wurde an einen Nachbarn zugestellt.',
      returnToSender: false,
    },
    { at: new Date('2026-11-20T08:00:00Z'), ice: 'DLVRD', ric: 'CODRP', text: 'NN-Betrag überwiesen', returnToSender: false },
  ];
  const outcome = parcelOutcome(parcel('DLVRD', 'CODRP', {}, events), AT);
  expect(outcome).toEqual({
    kind: 'delivered',
    // 23:30 German time on the 18th (UTC+1).
    deliveredOn: '2026-11-18',
    issue: {
      kind: 'wrong-handover',
      at: events[0]!.at,
      message:
        'DHL meldet die Zustellung am 18.11.2026 um 23:30 Uhr an einen Nachbarn: „Die Sendung wurde an einen Nachbarn zugestellt.“. Ein Paket mit Altersprüfung darf nur der geprüften Person übergeben werden: Bitte klären Sie die Übergabe mit DHL.',
    },
  });
});

test('a parcel with Ident-Check handed to a family member or spouse is a wrong handover; with the Alterssichtprüfung it is delivered', () => {
  for (const ric of Object.keys(NOT_THE_RECIPIENT_REASONS)) {
    expect(parcelOutcome(parcel('DLVRD', ric), AT, 'identCheck')).toMatchObject({ kind: 'delivered', issue: { kind: 'wrong-handover' } });
    expect(parcelOutcome(parcel('DLVRD', ric), AT, 'visualCheckOfAge')).toMatchObject({ kind: 'delivered', issue: null });
    expect(parcelOutcome(parcel('DLVRD', ric), AT)).toMatchObject({ kind: 'delivered', issue: null });
  }
  expect(parcelOutcome(parcel('DLVRD', 'ACCPT'), AT, 'identCheck')).toMatchObject({ kind: 'delivered', issue: null });
});

test('a failed age or identity check at the door says so; a parcel on its way back is returned, even when DHL reports it delivered (to the shop)', () => {
  const agneg = parcelOutcome(parcel('NTDEL', 'AGNEG'), AT);
  expect(agneg).toMatchObject({ kind: 'issue', issue: { kind: 'failed-attempt', at: AT } });
  expect(agneg.kind === 'issue' && agneg.issue.message).toBe(
    'Zustellversuch am 20.11.2026 um 14:05 Uhr nicht erfolgreich: „Text von DHL“. Die Altersprüfung an der Tür war negativ: Das Paket darf dieser Person nicht übergeben werden.',
  );
  expect(parcelOutcome(parcel('NTDEL', 'IDNEG'), AT)).toMatchObject({ issue: { message: expect.stringContaining('Identitätsprüfung') } });
  expect(parcelOutcome(parcel('DLVRD', 'ACCPT', { returnToSender: true }), AT)).toMatchObject({
    kind: 'issue',
    issue: { kind: 'returned' },
  });
  // Once an event of the way back is in the history, later events do not make it delivered to the buyer.
  const back: TrackedEvent[] = [
    { at: AT, ice: 'NTDEL', ric: 'NHOME', text: 'nicht angetroffen', returnToSender: false },
    { at: AT, ice: 'RETRN', ric: 'NTCCN', text: 'Rücksendung', returnToSender: true },
    { at: AT, ice: 'LDTMV', ric: 'MVMTV', text: 'unterwegs', returnToSender: false },
  ];
  expect(parcelOutcome(parcel('LDTMV', 'MVMTV', {}, back), AT)).toMatchObject({ kind: 'issue', issue: { kind: 'returned' } });
});
