import { FREE_SHIPPING_MIN_ITEMS, SHIPPING_COST_CENTS } from '@shop/contracts';
import { formatEur } from '@shop/format';
import type { PageValues } from './page-placeholders';

/**
 * The shop's information and legal pages (legal-de.md §4.1–§4.8, §1, §3), as
 * Markdown templates filled with the operator's details. Each text has a version (the date it
 * was last changed): an order keeps the versions it was placed under, so change the version with
 * every change of substance. These are carefully written drafts for this shop, not legal advice:
 * the operator's lawyer should review them before launch (docs/legal-open-points.md).
 */
export interface PageTemplate {
  slug: string;
  title: string;
  /** Meta description of the page. */
  description: string;
  version: string;
  /** The Markdown text, filled with the operator's details and the shop's figures (or their `{{NAME}}` placeholders for the editor). */
  body: (values: PageValues) => string;
  /**
   * The texts the code published before `version`, oldest first: orders placed under one of
   * them get it exactly as it was worded (`InformationPages.legalText`). Kept for legal texts
   * whose wording changed.
   */
  earlier?: ReadonlyArray<Pick<PageTemplate, 'version' | 'body'>>;
}

const address = (o: PageValues) =>
  `${o.OPERATOR_COMPANY}  \n${o.OPERATOR_STREET}  \n${o.OPERATOR_POSTAL_CODE} ${o.OPERATOR_CITY}  \nDeutschland`;
const shipping = formatEur(SHIPPING_COST_CENTS);

/** The prepayment paragraph of 'Versand und Zahlung' while it was the only payment method. */
const PREPAYMENT_TEXT = `Sie bezahlen per **Vorkasse (Banküberweisung)**. Nach der Bestellung erhalten Sie unsere Bankverbindung auf der Bestätigungsseite und per E-Mail. Bitte überweisen Sie den Betrag innerhalb der dort genannten Frist und geben Sie die Bestellnummer als Verwendungszweck an. Geht die Zahlung nicht fristgerecht ein, wird die Bestellung storniert.`;

/** 'Versand und Zahlung' with the delivery time and the payment paragraph(s) as a version words them. */
const shippingAndPayment = (o: PageValues, deliveryTime: string, payment: string) => `## Liefergebiet

Wir liefern nur innerhalb Deutschlands und nur an Erwachsene ab 18 Jahren. Eine Lieferung an Packstationen, Postfilialen oder Paketshops ist nicht möglich, weil der Paketbote das Alter bei der Übergabe prüfen muss.

## Versandart und Lieferzeit

Wir versenden mit **${o.SHOP_SHIPPING_METHOD}**: Mit dem DHL Ident-Check übergibt der Zusteller das Paket nur dem Empfänger persönlich, nachdem er Name und Alter an dessen Ausweis geprüft hat; mit der Alterssichtprüfung 18+ nur an eine Person, die mindestens 18 Jahre alt ist, im Zweifel geprüft anhand eines Ausweises. Welche der beiden Prüfungen Ihr Paket erhält, steht vor der Bestellung im Warenkorb und danach in der Bestellbestätigung. Das Paket wird nicht bei Nachbarn abgegeben und nicht abgelegt.

${deliveryTime}

## Versandkosten

| Bestellung | Versandkosten |
| --- | --- |
| 1 bis ${o.SHOP_PAID_SHIPPING_MAX_ITEMS} Produkte | ${o.SHOP_SHIPPING_COST} |
| ab ${o.SHOP_FREE_SHIPPING_MIN_ITEMS} Produkten | kostenlos |

Alle Preise enthalten die gesetzliche Mehrwertsteuer von ${o.SHOP_VAT_RATE} %.

## Zahlung

${payment}

## Altersprüfung

Wir prüfen das Alter zweimal: bei der Bestellung anhand Ihrer Ausweisdaten und bei der Zustellung durch den Paketboten. Mehr dazu unter [Jugendschutz](/jugendschutz).`;

export const PAGE_TEXTS: PageTemplate[] = [
  {
    slug: 'impressum',
    title: 'Impressum',
    description: 'Impressum: Anbieterkennzeichnung nach § 5 DDG.',
    version: '2026-11-23',
    body: (o) => `## Angaben gemäß § 5 DDG

${address(o)}

**Vertreten durch:** ${o.OPERATOR_REPRESENTATIVE}

**Registereintrag:** ${o.OPERATOR_REGISTER}

**Umsatzsteuer-Identifikationsnummer** gemäß § 27a Umsatzsteuergesetz: ${o.OPERATOR_VAT_ID}

**WEEE-Registrierungsnummer:** ${o.OPERATOR_WEEE_NUMBER}

## Kontakt

E-Mail: ${o.OPERATOR_EMAIL}  
Telefon: ${o.OPERATOR_PHONE}  
Kontaktformular: [Kontakt](/kontakt)

## Verbraucherstreitbeilegung

${
  o.OPERATOR_DISPUTE_RESOLUTION === 'ja'
    ? 'Wir sind bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Zuständig ist die Universalschlichtungsstelle des Bundes, Zentrum für Schlichtung e. V., Straßburger Straße 8, 77694 Kehl am Rhein (www.verbraucher-schlichter.de).'
    : o.OPERATOR_DISPUTE_RESOLUTION === 'nein'
      ? 'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.'
      : o.OPERATOR_DISPUTE_RESOLUTION
}

## Verantwortlich für den Inhalt

${o.OPERATOR_REPRESENTATIVE}, Anschrift wie oben.`,
  },
  {
    slug: 'versand',
    title: 'Versand und Zahlung',
    description: `Versand nur innerhalb Deutschlands mit Altersprüfung bei der Zustellung, ${shipping} Versandkosten, ab ${FREE_SHIPPING_MIN_ITEMS} Produkten kostenlos. Zahlung per Vorkasse oder, soweit angeboten, per Nachnahme.`,
    version: '2026-11-29.2',
    body: (o) =>
      shippingAndPayment(
        o,
        `${o.SHOP_DELIVERY_PROMISE}. Bei Nachnahme: ${o.SHOP_COD_DELIVERY_PROMISE}.`,
        `Sie bezahlen per **Vorkasse (Banküberweisung)**: Nach der Bestellung erhalten Sie unsere Bankverbindung auf der Bestätigungsseite und per E-Mail. Bitte überweisen Sie den Betrag innerhalb der dort genannten Frist und geben Sie die Bestellnummer als Verwendungszweck an. Geht die Zahlung nicht fristgerecht ein, wird die Bestellung storniert.

Soweit wir sie an der Kasse anbieten, können Sie auch per **Nachnahme** bezahlen: Sie zahlen den Betrag bei der Zustellung in bar an den Zusteller von DHL. Dafür berechnen wir die Nachnahmegebühr von DHL; sie steht im Warenkorb, an der Kasse und in der Bestellbestätigung. Nachnahme ist bis zu dem dort genannten Gesamtbetrag möglich, höchstens 3.500 €. Vorkasse kostet nichts extra.`,
      ),
    // Before cash on delivery was offered beside prepayment.
    earlier: [{ version: '2026-11-29', body: (o) => shippingAndPayment(o, `${o.SHOP_DELIVERY_PROMISE}.`, PREPAYMENT_TEXT) }],
  },
  {
    slug: 'rueckgabe',
    title: 'Rückgabe und Rücknahme alter Geräte',
    description: 'Widerruf, Rücksendung und die kostenlose Rücknahme alter E-Zigaretten und Batterien.',
    version: '2026-11-23',
    body: (o) => `## Widerruf und Rücksendung

Als Verbraucher können Sie Ihren Vertrag innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen. Die Einzelheiten stehen in der [Widerrufsbelehrung](/widerrufsbelehrung). Am einfachsten widerrufen Sie über die Funktion [Vertrag widerrufen](/vertrag-widerrufen): Sie brauchen dafür kein Kundenkonto, nur Bestellnummer und E-Mail-Adresse.

Bitte schicken Sie die Ware erst zurück, nachdem Sie den Widerruf erklärt haben, an:

${address(o)}

## Kostenlose Rücknahme alter E-Zigaretten

Wir nehmen gebrauchte Einweg-E-Zigaretten und andere E-Zigaretten unentgeltlich zurück (§ 17 Abs. 1a ElektroG), unabhängig davon, wo Sie sie gekauft haben, und ohne dass Sie etwas Neues kaufen müssen. Schreiben Sie uns über das [Kontaktformular](/kontakt) oder an ${o.OPERATOR_EMAIL}: Wir schicken Ihnen einen kostenlosen Rücksendeschein.

So verpacken Sie die Geräte sicher:

- Geräte nicht öffnen und nicht beschädigen; die Kontakte eines ausgelaufenen oder beschädigten Geräts mit Klebeband abdecken.
- Jedes Gerät einzeln in eine kleine Tüte stecken und im Karton gegen Verrutschen polstern.
- Beschädigte, aufgeblähte oder heiße Geräte nicht verschicken, sondern direkt beim Wertstoffhof abgeben.

Sie können alte Geräte auch kostenlos bei kommunalen Sammelstellen (Wertstoffhof) und im Handel abgeben.

## Batterien und Akkus

E-Zigaretten enthalten Lithium-Akkus. Batterien und Akkus gehören nicht in den Hausmüll. Mehr dazu in den [Hinweisen zu Batterien](/batterie-hinweise).`,
  },
  {
    slug: 'widerrufsbelehrung',
    title: 'Widerrufsbelehrung',
    description: 'Widerrufsbelehrung und Muster-Widerrufsformular.',
    version: '2026-11-23',
    body: (o) => `## Widerrufsrecht

Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.

Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben beziehungsweise hat. Bei einer Bestellung mehrerer Waren, die getrennt geliefert werden, beginnt die Frist mit dem Tag, an dem Sie oder ein von Ihnen benannter Dritter die letzte Ware in Besitz genommen haben.

Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${o.OPERATOR_COMPANY}, ${o.OPERATOR_STREET}, ${o.OPERATOR_POSTAL_CODE} ${o.OPERATOR_CITY}, E-Mail: ${o.OPERATOR_EMAIL}, Telefon: ${o.OPERATOR_PHONE}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist. Sie können den Widerruf auch über unsere Funktion [Vertrag widerrufen](/vertrag-widerrufen) erklären; wir bestätigen Ihnen den Eingang dann unverzüglich per E-Mail.

Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.

## Folgen des Widerrufs

Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet. Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.

Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf dieses Vertrags unterrichten, an uns zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden.

Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.

Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.

## Muster-Widerrufsformular

(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)

- An ${o.OPERATOR_COMPANY}, ${o.OPERATOR_STREET}, ${o.OPERATOR_POSTAL_CODE} ${o.OPERATOR_CITY}, E-Mail: ${o.OPERATOR_EMAIL}:
- Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)
- Bestellt am (*)/erhalten am (*)
- Name des/der Verbraucher(s)
- Anschrift des/der Verbraucher(s)
- Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)
- Datum

(*) Unzutreffendes streichen.`,
  },
  {
    slug: 'jugendschutz',
    title: 'Jugendschutz',
    description: 'Verkauf nur an Erwachsene: Altersprüfung bei Bestellung und Zustellung.',
    version: '2026-11-23',
    body: (
      o,
    ) => `E-Zigaretten, E-Shishas und nikotinhaltige Produkte dürfen nach § 10 Jugendschutzgesetz nicht an Kinder und Jugendliche abgegeben werden, auch nicht im Versandhandel. Wir verkaufen deshalb ausschließlich an Erwachsene ab 18 Jahren.

## Zweistufige Altersprüfung

1. **Bei der Bestellung:** An der Kasse geben Sie Ihr Geburtsdatum und die Daten aus der maschinenlesbaren Zone Ihres Personalausweises an. Wir prüfen, ob die Angaben stimmig sind und Sie volljährig sind. Gespeichert wird nur das Ergebnis der Prüfung, nicht Ihr Geburtsdatum und nicht die Ausweisdaten.
2. **Bei der Zustellung:** Wir versenden mit ${o.SHOP_SHIPPING_METHOD}. Der Zusteller übergibt das Paket nur an eine volljährige Person. Lieferungen an Packstationen und die Ablage beim Nachbarn sind ausgeschlossen.

## Die Abfrage beim ersten Besuch

Beim ersten Besuch fragen wir, ob Sie mindestens 18 Jahre alt sind. Diese Abfrage ersetzt die Prüfung bei der Bestellung nicht.

## Hinweis

Dieses Produkt enthält Nikotin: einem Stoff, der sehr stark abhängig macht. Nikotinhaltige Produkte gehören nicht in die Hände von Kindern und Jugendlichen und sind für Schwangere und Stillende nicht geeignet.`,
  },
  {
    slug: 'batterie-hinweise',
    title: 'Hinweise zu Batterien',
    description: 'Pflichtinformationen zu Batterien und Akkus nach Batterieverordnung und BattDG.',
    version: '2026-11-23',
    body: (
      o,
    ) => `Unsere E-Zigaretten enthalten fest eingebaute Lithium-Ionen-Akkus. Als Händler von Produkten mit Batterien informieren wir Sie nach der EU-Batterieverordnung und dem Batterierecht-Durchführungsgesetz (BattDG):

- **Kostenlose Rückgabe:** Sie können Altbatterien und Geräte mit eingebauten Akkus unentgeltlich bei uns zurückgeben (siehe [Rückgabe](/rueckgabe)), bei kommunalen Sammelstellen und im Handel.
- **Nicht in den Hausmüll:** Das Symbol der durchgestrichenen Mülltonne auf Gerät oder Verpackung bedeutet, dass Batterien und Elektrogeräte getrennt vom Hausmüll gesammelt werden müssen.
- **Gefahren:** Lithium-Akkus können bei Beschädigung, Kurzschluss oder Überhitzung in Brand geraten. Beschädigte Geräte nicht laden, nicht verschicken, sondern bei einer Sammelstelle abgeben.
- **Abfall vermeiden:** Nutzen Sie ein Gerät, bis das Liquid verbraucht ist, und laden Sie den Akku nur mit einem passenden, intakten Kabel.
- **Chemische Zeichen:** Ein Symbol „Pb“, „Cd“ oder „Hg“ unter der Mülltonne zeigt Blei, Cadmium oder Quecksilber über den Grenzwerten an.

Hersteller-Registrierung (WEEE): ${o.OPERATOR_WEEE_NUMBER}`,
  },
  {
    slug: 'barrierefreiheit',
    title: 'Erklärung zur Barrierefreiheit',
    description: 'Wie barrierefrei unser Shop ist und wie Sie Barrieren melden.',
    version: '2026-11-23',
    body: (
      o,
    ) => `Wir möchten, dass alle Erwachsenen unseren Shop ohne Hürden nutzen können, und richten uns nach dem Barrierefreiheitsstärkungsgesetz (BFSG) und den Anforderungen der WCAG 2.1 auf Stufe AA.

## Stand der Vereinbarkeit

Der Shop wird laufend automatisch mit axe-core auf Verstöße gegen WCAG 2.1 A und AA geprüft: Startseite, Produktlisten, Produktseiten, Warenkorb, Kasse, Kundenkonto, Blog und Rechtstexte. Alle Funktionen sind mit Tastatur und Touch bedienbar, Formularfehler werden am Feld benannt, und die Altersprüfung kommt ohne CAPTCHA aus.

Bekannte Einschränkungen: Produktbilder des Demo-Katalogs haben keine ausführlichen Bildbeschreibungen; der Produktname steht jeweils daneben.

## Barrieren melden

Wenn Sie auf eine Barriere stoßen, schreiben Sie uns an ${o.OPERATOR_EMAIL} oder über das [Kontaktformular](/kontakt). Wir antworten in der Regel innerhalb von zwei Werktagen.

## Marktüberwachung

Zuständig für die Marktüberwachung nach dem BFSG ist die Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF), Sachsen-Anhalt.`,
  },
  {
    slug: 'ueber-uns',
    title: 'Über uns',
    description: 'Wer hinter dem Shop steht.',
    version: '2026-11-29',
    body: (
      o,
    ) => `${o.OPERATOR_COMPANY} betreibt diesen Online-Shop für Einweg-E-Zigaretten und E-Shishas der Marke RandM. Wir verkaufen ausschließlich an Erwachsene in Deutschland und versenden mit Altersprüfung bei der Zustellung.

## Was uns wichtig ist

- ${o.SHOP_PRESENTATION_NOTE}
- **Jugendschutz:** Wir prüfen das Alter bei jeder Bestellung und bei der Zustellung ([mehr dazu](/jugendschutz)).
- **Rücknahme:** Leere Geräte nehmen wir kostenlos zurück ([Rückgabe](/rueckgabe)).

## Kontakt

${address(o)}

E-Mail: ${o.OPERATOR_EMAIL} · Telefon: ${o.OPERATOR_PHONE}`,
  },
];
