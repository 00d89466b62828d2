/**
 * What a parcel's tracking means for its order, checked against DHL's own event table (the vendored
 * parcel_de_ice_event_ric_combinations_July_2024.csv): every ICE/RIC combination DHL lists is
 * classified as its names say.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TrackedEvent, TrackedPiece } from './tracking-client';
import { parcelOutcome } from './tracking-status';

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

/**
 * What each of DHL's DLVRD reasons means for an age-checked parcel, written from the reason's German
 * name in DHL's table (not from the code under test): delivered to the buyer, a handover where the
 * parcel must not go (for either check, or only under the Ident-Check, which hands it to the named
 * recipient alone), or passed on to another carrier or customs (not yet delivered).
 */
const DLVRD_REASONS: Record<string, { visualCheckOfAge: string; identCheck: string }> = {
  ACCDM: { visualCheckOfAge: 'delivered', identCheck: 'delivered' }, // Erfolgreiche Zustellung - Beschädigt
  ACCPK: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Sendung aus Packstation entnommen
  ACCPT: { visualCheckOfAge: 'delivered', identCheck: 'delivered' }, // Erfolgreiche Zustellung
  ACCSI: { visualCheckOfAge: 'delivered', identCheck: 'delivered' }, // Erfolgreiche Zustellung - Sendung unvollständig
  AGENT: { visualCheckOfAge: 'delivered', identCheck: 'wrong-handover' }, // Übergabe/Zustellung an Bevollmächtigten
  CODAR: { visualCheckOfAge: 'delivered', identCheck: 'delivered' }, // Auftrag zur NN-Betrag-Überweisung von Bank bestätigt
  CODRP: { visualCheckOfAge: 'delivered', identCheck: 'delivered' }, // NN-Betrag-Überweisung durch Bank ist erfolgt
  CUSTM: { visualCheckOfAge: 'in-transit', identCheck: 'in-transit' }, // Übergabe an Zoll zur Prüfung und Zustellung
  DIDLV: { visualCheckOfAge: 'delivered', identCheck: 'wrong-handover' }, // Vereinfachte Zustellung
  FAMLY: { visualCheckOfAge: 'delivered', identCheck: 'wrong-handover' }, // Zustellung an Familienmitglied
  HNDTC: { visualCheckOfAge: 'in-transit', identCheck: 'in-transit' }, // Übergabe an Dienstleister
  NGHBR: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Zustellung an Nachbarn
  // 'Andere Gründe / Zustellung an andere anwesende Person': DHL's recorded answer gives it for a plain delivery.
  OTHER: { visualCheckOfAge: 'delivered', identCheck: 'delivered' },
  PCKAD: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Zustellung an Hauspoststelle
  PKBOX: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Zustellung an Paketkasten
  POBOX: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Briefkastenzustellung
  SECPL: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Zustellung an vereinbartem, gesicherten Ort
  SERPT: { visualCheckOfAge: 'delivered', identCheck: 'delivered' }, // Filiale / Agentur (abgeholt mit Ausweis)
  SPOUS: { visualCheckOfAge: 'delivered', identCheck: 'wrong-handover' }, // Zustellung an Ehegatten
  WINPL: { visualCheckOfAge: 'wrong-handover', identCheck: 'wrong-handover' }, // Wunschnachbar/Wunschort
};

/** The kind the table's names call for. */
function expectedKind(ice: string, ric: string, ageCheck: 'identCheck' | 'visualCheckOfAge'): string {
  if (ice === 'RETRN' || (ice === 'OFWRD' && (ric === 'RTSCR' || ric === 'RTSSA'))) return 'returned';
  if (ice === 'DLVRD') return DLVRD_REASONS[ric]![ageCheck];
  if (ice === 'DLVRF' || (ice === 'NTDEL' && ric === 'RFUSD')) return 'refused';
  if (ice === 'NTDEL') return 'failed-attempt';
  if (ice === 'HLDCC' || ice === 'CNRFC') return 'held-for-collection';
  return 'in-transit';
}

test("DHL's table has the events and reasons the mapping names, and every one of its 338 combinations is classified, under either check", () => {
  expect(table).toHaveLength(338);
  const reasonsOf = (ice: string) => new Set(table.filter((row) => row.ice === ice).map((row) => row.ric));
  expect([...reasonsOf('DLVRD')].sort()).toEqual(Object.keys(DLVRD_REASONS).sort());
  for (const ric of ['AGNEG', 'IDNEG', 'CTCNI', 'IDDMG', 'RFUSD']) expect(reasonsOf('NTDEL')).toContain(ric);
  for (const ageCheck of ['identCheck', 'visualCheckOfAge'] as const) {
    for (const row of table) {
      const outcome = parcelOutcome(parcel(row.ice, row.ric), AT, ageCheck);
      const kind = outcome.kind === 'issue' ? outcome.issue.kind : outcome.kind;
      expect({ ...row, ageCheck, kind }).toEqual({ ...row, ageCheck, kind: expectedKind(row.ice, row.ric, ageCheck) });
    }
  }
});

test("delivered on DHL's German day (the delivery event's, not a later event's)", () => {
  const events: TrackedEvent[] = [
    { at: new Date('2026-11-18T22:30:00Z'), ice: 'DLVRD', ric: 'ACCPT', text: 'Die Sendung wurde zugestellt.', returnToSender: false },
    { at: new Date('2026-11-20T08:00:00Z'), ice: 'DLVRD', ric: 'CODRP', text: 'NN-Betrag überwiesen', returnToSender: false },
  ];
  // 23:30 German time on the 18th (UTC+1).
  expect(parcelOutcome(parcel('DLVRD', 'CODRP', {}, events), AT, 'identCheck')).toEqual({
    kind: 'delivered',
    deliveredOn: '2026-11-18',
    issue: null,
  });
});

test('a handover to a neighbour is named for staff, and is not a delivery to the buyer', () => {
  const neighbour: TrackedEvent = {
    at: new Date('2026-11-18T22:30:00Z'),
    ice: 'DLVRD',
    ric: 'NGHBR',
    text: 'Die Sendung wurde an einen Nachbarn zugestellt.',
    returnToSender: false,
  };
  expect(parcelOutcome(parcel('DLVRD', 'NGHBR', {}, [neighbour]), AT, 'visualCheckOfAge')).toEqual({
    kind: 'issue',
    issue: {
      kind: 'wrong-handover',
      at: neighbour.at,
      message:
        'DHL meldet die Zustellung am 18.11.2026 um 23:30 Uhr an einen Nachbarn: „Die Sendung wurde an einen Nachbarn zugestellt.“. Ein Paket mit Altersprüfung darf nur der geprüften Person übergeben werden: Bitte klären Sie die Übergabe mit DHL und dem Käufer und verbuchen Sie die Zustellung erst, wenn der Käufer das Paket hat.',
    },
  });
});

test('a failed age or identity check at the door says so; a parcel on its way back is returned, even when DHL reports it delivered (to the shop)', () => {
  const agneg = parcelOutcome(parcel('NTDEL', 'AGNEG'), AT, 'identCheck');
  expect(agneg).toMatchObject({ kind: 'issue', issue: { kind: 'failed-attempt', at: AT } });
  expect(agneg.kind === 'issue' && agneg.issue.message).toBe(
    'Zustellversuch am 20.11.2026 um 14:05 Uhr nicht erfolgreich: „Text von DHL“. Die Altersprüfung an der Tür war negativ: Das Paket darf dieser Person nicht übergeben werden.',
  );
  expect(parcelOutcome(parcel('NTDEL', 'IDNEG'), AT, 'identCheck')).toMatchObject({
    issue: { message: expect.stringContaining('Identitätsprüfung') },
  });
  expect(parcelOutcome(parcel('DLVRD', 'ACCPT', { returnToSender: true }), AT, 'identCheck')).toMatchObject({
    kind: 'issue',
    issue: { kind: 'returned' },
  });
  // Once an event of the way back is in the history, later events do not make it delivered to the buyer.
  const back: TrackedEvent[] = [
    { at: AT, ice: 'NTDEL', ric: 'NHOME', text: 'nicht angetroffen', returnToSender: false },
    { at: AT, ice: 'RETRN', ric: 'NTCCN', text: 'Rücksendung', returnToSender: true },
    { at: AT, ice: 'LDTMV', ric: 'MVMTV', text: 'unterwegs', returnToSender: false },
  ];
  expect(parcelOutcome(parcel('LDTMV', 'MVMTV', {}, back), AT, 'identCheck')).toMatchObject({ kind: 'issue', issue: { kind: 'returned' } });
});
