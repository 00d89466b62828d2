import type { PageTemplate } from './page-texts';
import type { PageValues } from './page-placeholders';

/** How a version of the AGB words the payment: the bank details in § 2 (3) and § 4 (2). */
interface PaymentWording {
  confirmation: string;
  payment: string;
}

/** The wording while prepayment was the only payment method. */
const PREPAYMENT_ONLY: PaymentWording = {
  confirmation: 'Der Vertrag kommt mit dieser Bestellbestätigung zustande, in der wir Ihnen auch unsere Bankverbindung nennen.',
  payment:
    'Sie zahlen per Vorkasse (Banküberweisung). Der Rechnungsbetrag ist innerhalb der in der Bestellbestätigung genannten Frist ohne Abzug zu überweisen. Geht die Zahlung bis dahin nicht ein, stornieren wir die Bestellung.',
};

/**
 * The wording with cash on delivery beside prepayment: Nachnahme only where the checkout offers
 * it, its fee named there (§ 312a Abs. 4 BGB: only DHL's surcharge; the cart service's shipping
 * settings hold it).
 */
const PREPAYMENT_OR_CASH_ON_DELIVERY: PaymentWording = {
  confirmation:
    'Der Vertrag kommt mit dieser Bestellbestätigung zustande, in der wir Ihnen auch sagen, wie Sie bezahlen (bei Vorkasse mit unserer Bankverbindung).',
  payment:
    'Sie zahlen per Vorkasse (Banküberweisung) oder, soweit wir sie an der Kasse anbieten, per Nachnahme. Bei Vorkasse ist der Rechnungsbetrag innerhalb der in der Bestellbestätigung genannten Frist ohne Abzug zu überweisen; geht die Zahlung bis dahin nicht ein, stornieren wir die Bestellung. Bei Nachnahme zahlen Sie den Rechnungsbetrag bei der Zustellung in bar an den Zusteller von DHL; dafür berechnen wir die Nachnahmegebühr von DHL, die wir im Warenkorb, an der Kasse und in der Bestellbestätigung nennen. Vorkasse ist stets ohne Zusatzkosten möglich.',
};

/** The AGB, with § 5 (2) on the delivery time and the payment (§ 2 (3), § 4 (2)) as a version words them. */
const terms = (o: PageValues, deliveryTime: string, wording: PaymentWording = PREPAYMENT_ONLY) => `## § 1 Geltungsbereich und Anbieter

(1) Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen, die Verbraucher über unseren Online-Shop aufgeben. Anbieter und Vertragspartner ist ${o.OPERATOR_COMPANY}, ${o.OPERATOR_STREET}, ${o.OPERATOR_POSTAL_CODE} ${o.OPERATOR_CITY} (siehe [Impressum](/impressum)).

(2) Wir verkaufen nur an volljährige Verbraucher mit Lieferanschrift in Deutschland.

## § 2 Vertragsschluss

(1) Die Darstellung der Produkte im Shop ist kein rechtlich bindendes Angebot, sondern eine Aufforderung zur Bestellung.

(2) Sie geben ein verbindliches Angebot ab, wenn Sie an der Kasse Ihre Angaben machen, die Altersprüfung durchlaufen und auf „Zahlungspflichtig bestellen“ klicken. Bis dahin können Sie Ihre Eingaben jederzeit prüfen und korrigieren.

(3) Wir bestätigen den Eingang Ihrer Bestellung unmittelbar per E-Mail. ${wording.confirmation} Den Vertragstext speichern wir; die Bestelldaten, diese AGB und die Widerrufsbelehrung erhalten Sie per E-Mail.

(4) Vertragssprache ist Deutsch.

## § 3 Altersprüfung

(1) Die Abgabe der Waren an Personen unter 18 Jahren ist verboten (§ 10 JuSchG). Wir prüfen Ihr Alter bei der Bestellung anhand Ihrer Ausweisdaten und bei der Zustellung durch den Versanddienstleister.

(2) Kann das Alter bei der Bestellung nicht bestätigt werden, nehmen wir die Bestellung nicht an. Wird das Paket nicht an eine volljährige Person übergeben, geht es an uns zurück; bereits gezahlte Beträge erstatten wir.

## § 4 Preise, Versandkosten und Zahlung

(1) Alle Preise sind Endpreise einschließlich der gesetzlichen Mehrwertsteuer. Hinzu kommen Versandkosten von ${o.SHOP_SHIPPING_COST} je Bestellung; ab ${o.SHOP_FREE_SHIPPING_MIN_ITEMS} Produkten ist der Versand kostenlos (siehe [Versand und Zahlung](/versand)).

(2) ${wording.payment}

(3) Gutscheincodes können nur vor Abschluss der Bestellung eingelöst werden und sind nicht mit anderen Codes kombinierbar, soweit nichts anderes angegeben ist.

## § 5 Lieferung

(1) Wir liefern mit ${o.SHOP_SHIPPING_METHOD} an die angegebene Lieferadresse in Deutschland. Lieferungen an Packstationen, Postfilialen und Paketshops sind ausgeschlossen.

(2) ${deliveryTime}

## § 6 Eigentumsvorbehalt

Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.

## § 7 Widerrufsrecht

Verbrauchern steht ein Widerrufsrecht nach Maßgabe der [Widerrufsbelehrung](/widerrufsbelehrung) zu. Den Widerruf können Sie jederzeit über die Funktion [Vertrag widerrufen](/vertrag-widerrufen) erklären.

## § 8 Gewährleistung

Es gilt das gesetzliche Mängelhaftungsrecht. Bitte prüfen Sie gelieferte Ware auf Transportschäden und teilen Sie uns Mängel möglichst schnell mit; Ihre gesetzlichen Rechte bleiben davon unberührt.

## § 9 Rücknahme von Altgeräten

Wir nehmen gebrauchte E-Zigaretten und Batterien kostenlos zurück (siehe [Rückgabe](/rueckgabe) und [Hinweise zu Batterien](/batterie-hinweise)).

## § 10 Streitbeilegung

${
  o.OPERATOR_DISPUTE_RESOLUTION === 'ja'
    ? 'Wir sind bereit, an Streitbeilegungsverfahren vor der Universalschlichtungsstelle des Bundes (Zentrum für Schlichtung e. V., Kehl am Rhein) teilzunehmen.'
    : o.OPERATOR_DISPUTE_RESOLUTION === 'nein'
      ? 'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.'
      : o.OPERATOR_DISPUTE_RESOLUTION
}`;

/** The privacy policy, with the first sentences of § 8 on cookies as a version words them. */
const privacy = (o: PageValues, cookies: string) => `## 1. Verantwortlicher

${o.OPERATOR_COMPANY}, ${o.OPERATOR_STREET}, ${o.OPERATOR_POSTAL_CODE} ${o.OPERATOR_CITY}, E-Mail: ${o.OPERATOR_EMAIL}, Telefon: ${o.OPERATOR_PHONE}.

## 2. Bestellungen

Für Bestellungen verarbeiten wir Name, Rechnungs- und Lieferanschrift, E-Mail-Adresse, die bestellten Waren und den Zahlungseingang (Art. 6 Abs. 1 lit. b DSGVO). Die Lieferanschrift geben wir an den Versanddienstleister weiter. Bestell- und Rechnungsdaten bewahren wir so lange auf, wie Handels- und Steuerrecht es verlangen (§ 147 AO, § 257 HGB), und nutzen sie danach nicht mehr.

## 3. Altersprüfung

Wir sind gesetzlich verpflichtet, das Alter zu prüfen (§ 10 JuSchG; Art. 6 Abs. 1 lit. c DSGVO). Dafür verarbeiten wir bei der Bestellung Ihr Geburtsdatum und die Daten der maschinenlesbaren Zone Ihres Ausweises. Gespeichert wird nur das Ergebnis (bestanden, Verfahren, Zeitpunkt), nicht das Geburtsdatum und nicht die Ausweisdaten.

## 4. Kundenkonto

Wenn Sie ein Kundenkonto anlegen, speichern wir Name, E-Mail-Adresse, ein sicher verschlüsseltes Passwort (argon2id), optional eine Lieferadresse sowie Ihre Wunschliste (Art. 6 Abs. 1 lit. b DSGVO). Anmeldungen laufen über ein Sitzungs-Cookie. Unter [Profil](/profil) können Sie alle Daten herunterladen und das Konto löschen.

## 5. Newsletter

Den Newsletter erhalten Sie nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO), die Sie über den Link in unserer E-Mail bestätigen (Double-Opt-in). Wir speichern dazu Ihre E-Mail-Adresse, den Zeitpunkt der Anmeldung und Bestätigung sowie die Fassung des Einwilligungstextes. Sie können die Einwilligung jederzeit über den Abmeldelink in jeder E-Mail widerrufen.

## 6. Bewertungen

Wenn wir Bewertungen anbieten, laden wir Sie nach der Zustellung einer Bestellung einmal per E-Mail ein, die gekauften Produkte zu bewerten (§ 7 Abs. 3 UWG, Art. 6 Abs. 1 lit. f DSGVO); über den Link in dieser E-Mail bestellen Sie weitere Einladungen jederzeit ab. Eine Bewertung speichern wir mit den Sternen, Ihrem Text, dem Namen, den Sie dafür angeben, und der Bestellung, aus der sie stammt, und veröffentlichen Sternen, Text, Namen und Datum nach unserer Prüfung auf der Produktseite (Art. 6 Abs. 1 lit. a DSGVO). Auf Ihren Wunsch an ${o.OPERATOR_EMAIL} nehmen wir eine Bewertung wieder heraus.

## 7. Kontaktformular und E-Mail

Nachrichten an uns verarbeiten wir, um Ihre Anfrage zu beantworten (Art. 6 Abs. 1 lit. b oder f DSGVO).

## 8. Cookies und Speicher im Browser

${cookies}

## 9. Server-Protokolle

Beim Aufruf der Seiten verarbeitet unser Server technische Daten (IP-Adresse, Zeitpunkt, aufgerufene Adresse), um den Shop sicher zu betreiben und Missbrauch abzuwehren (Art. 6 Abs. 1 lit. f DSGVO). Zähler für fehlgeschlagene Anmeldungen und Anfragen verfallen nach 15 Minuten.

## 10. Ihre Rechte

Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch (Art. 15–21 DSGVO) sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren. Wenden Sie sich dazu an ${o.OPERATOR_EMAIL}.`;

/** § 8 of the privacy policy after its first sentences: the same in every version. */
const COOKIES_ROLLOUT =
  'Während wir eine neue Version eines Shop-Bereichs schrittweise einführen, speichert ein Cookie zusätzlich eine Zufallszahl von 0 bis 99, damit Sie auf jeder Seite dieselbe Version sehen; sie lässt keinen Rückschluss auf Ihre Person zu und wird nach 30 Tagen gelöscht. Analyse- oder Werbe-Cookies setzen wir nicht ein.';

/**
 * The terms (AGB) and the privacy policy (legal-de.md §4.4–§4.8, §4.13, §1.10), filled
 * with the operator's details. Drafts for this shop's actual processes, to be reviewed by the
 * operator's lawyer before launch.
 * Each keeps the wordings it had before (`earlier`): orders placed under them refer to them.
 */
export const TERMS_AND_PRIVACY: PageTemplate[] = [
  {
    slug: 'agb',
    title: 'Allgemeine Geschäftsbedingungen',
    description: 'Allgemeine Geschäftsbedingungen für Bestellungen in unserem Online-Shop.',
    version: '2026-11-29.2',
    body: (o) =>
      terms(
        o,
        `Lieferzeit: ${o.SHOP_DELIVERY_PROMISE}; bei Nachnahme: ${o.SHOP_COD_DELIVERY_PROMISE}; soweit beim Produkt nichts anderes angegeben ist.`,
        PREPAYMENT_OR_CASH_ON_DELIVERY,
      ),
    earlier: [
      // Before the shop named one delivery promise everywhere (counted from the payment).
      {
        version: '2026-11-23',
        body: (o) => terms(o, 'Die Lieferzeit beträgt 1–3 Werktage ab Zahlungseingang, soweit beim Produkt nichts anderes angegeben ist.'),
      },
      // Before cash on delivery was offered beside prepayment.
      {
        version: '2026-11-29',
        body: (o) => terms(o, `Lieferzeit: ${o.SHOP_DELIVERY_PROMISE}, soweit beim Produkt nichts anderes angegeben ist.`),
      },
    ],
  },
  {
    slug: 'datenschutz',
    title: 'Datenschutzerklärung',
    description: 'Wie wir Ihre Daten verarbeiten: Bestellung, Altersprüfung, Kundenkonto, Newsletter, Bewertungen, Cookies.',
    version: '2026-11-29',
    body: (o) =>
      privacy(
        o,
        `Wir verwenden nur technisch notwendige Cookies und Browserspeicher (§ 25 Abs. 2 TDDDG): für Warenkorb, Anmeldung, Ihre Altersbestätigung in dieser Sitzung und die Angabe, dass Sie den Cookie-Hinweis gelesen haben. Eine Einwilligung ist dafür nicht nötig, deshalb fragt der Hinweis nicht danach. ${COOKIES_ROLLOUT}`,
      ),
    // While the cookie notice still asked for a choice.
    earlier: [
      {
        version: '2026-11-28',
        body: (o) =>
          privacy(
            o,
            `Wir verwenden nur technisch notwendige Cookies und Browserspeicher (§ 25 Abs. 2 TDDDG): für Warenkorb, Anmeldung, Ihre Altersbestätigung in dieser Sitzung und Ihre Cookie-Auswahl. ${COOKIES_ROLLOUT}`,
          ),
      },
    ],
  },
];
