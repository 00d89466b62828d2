import { batteryMahForPuffCount, TORNADO_PUFF_COUNTS } from '@shop/catalog-rules';
import { formatInteger } from '@shop/format';

/**
 * General guides of the demo blog: factual information for adult customers, written
 * for this shop. No health claims and no lifestyle advertising (§ 19 TabakerzG, legal-de.md §2).
 */
export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  categorySlug: string | null;
  seoDescription: string;
}

/** The comparison table, from the same battery figures the product pages show (spec §9). */
const MODEL_TABLE = [
  '| Modell | angegebene Zugzahl | Akku |',
  '| --- | --- | --- |',
  ...TORNADO_PUFF_COUNTS.map((puffs) => `| Tornado ${puffs} | bis ${formatInteger(puffs)} | ${batteryMahForPuffCount(puffs)} mAh |`),
].join('\n');

export const GENERAL_GUIDES: SeedPost[] = [
  {
    slug: 'nikotin-warnhinweis-richtig-lesen',
    title: 'Der Nikotin-Warnhinweis: was er bedeutet',
    excerpt: 'Jede Packung und jede Produktseite trägt denselben Warnhinweis. Was er aussagt und welche Angaben Sie zusätzlich finden.',
    seoDescription: 'Was der gesetzliche Nikotin-Warnhinweis auf E-Zigaretten bedeutet und wo Sie Nikotingehalt und Füllmenge finden.',
    categorySlug: null,
    body: `Auf jeder Packung einer nikotinhaltigen E-Zigarette steht in Deutschland derselbe Satz: **„Dieses Produkt enthält Nikotin: einem Stoff, der sehr stark abhängig macht.“** Sie finden ihn auch auf jeder Produktseite in unserem Shop, deutlich abgesetzt vom übrigen Text.

## Warum der Hinweis überall gleich lautet

Der Wortlaut ist gesetzlich vorgegeben (Tabakerzeugnisgesetz und Tabakerzeugnisverordnung, die die EU-Tabakproduktrichtlinie umsetzen). Hersteller und Händler dürfen ihn nicht abschwächen, kürzen oder durch eigene Formulierungen ersetzen. Er muss auf beiden großen Flächen der Packung stehen und einen festgelegten Teil der Fläche einnehmen.

## Welche Angaben Sie außerdem finden

- **Nikotingehalt:** Alle Geräte in unserem Sortiment haben 20 mg Nikotin pro Milliliter Liquid, das entspricht 2 %. Mehr ist in der EU für E-Zigaretten nicht zulässig.
- **Füllmenge:** Die Menge Liquid in Millilitern steht auf der Packung und in den technischen Daten der Produktseite.
- **Zutaten:** Die Zutatenliste steht auf der Packung oder im beiliegenden Beipackzettel.
- **Beipackzettel:** Er enthält Hinweise zur Anwendung, zur Aufbewahrung außerhalb der Reichweite von Kindern und zu möglichen Nebenwirkungen.

## Was der Hinweis nicht ist

Der Warnhinweis ist keine Empfehlung und keine Dosierungsangabe. Wer nicht raucht, sollte nicht mit dem Dampfen beginnen. Für Schwangere, Stillende und Jugendliche sind nikotinhaltige Produkte nicht geeignet; unter 18 Jahren ist der Kauf verboten.

Bei Fragen zu einem bestimmten Produkt schreiben Sie uns über das [Kontaktformular](/kontakt).`,
  },
  {
    slug: 'akku-sicherheit-und-rueckgabe-alter-geraete',
    title: 'Akku-Sicherheit und die Rückgabe alter Geräte',
    excerpt:
      'Einweg-E-Zigaretten enthalten einen Lithium-Akku. So laden und lagern Sie ihn sicher, und so geben Sie leere Geräte kostenlos zurück.',
    seoDescription:
      'Einweg-E-Zigaretten sicher laden und lagern, und leere Geräte kostenlos zurückgeben: Rücknahme nach ElektroG und Batteriegesetz.',
    categorySlug: null,
    body: `In jeder Einweg-E-Zigarette steckt ein kleiner Lithium-Ionen-Akku. Bei den wiederaufladbaren RandM-Modellen laden Sie ihn über ein USB-C-Kabel nach, bis das Liquid verbraucht ist.

## Sicher laden

- Verwenden Sie ein intaktes USB-C-Kabel und ein gewöhnliches USB-Netzteil oder den USB-Anschluss eines Computers. Schnellladegeräte mit höherer Spannung sind nicht nötig.
- Laden Sie das Gerät auf einer festen, nicht brennbaren Unterlage und nicht unbeaufsichtigt über Nacht.
- Trennen Sie das Kabel, sobald der Akku voll ist.
- Ein Gerät, das heiß wird, sich aufbläht, ausläuft oder nach einem Sturz beschädigt ist, laden Sie nicht weiter.

## Richtig lagern

Lagern Sie E-Zigaretten trocken, bei Zimmertemperatur und außerhalb der Reichweite von Kindern und Haustieren. Lassen Sie sie nicht in der Sonne oder im heißen Auto liegen.

## Leere Geräte gehören nicht in den Hausmüll

Einweg-E-Zigaretten sind Elektrogeräte mit Batterie. Sie dürfen nicht in den Hausmüll, die Gelbe Tonne oder die Papiertonne: Beschädigte Lithium-Akkus können in Müllfahrzeugen und Sortieranlagen Brände auslösen.

So geben Sie sie ab:

1. **Bei uns:** Als Händler nehmen wir Einweg-E-Zigaretten kostenlos zurück, auch wenn Sie sie nicht bei uns gekauft haben. Wie das geht, steht auf der Seite [Rückgabe](/rueckgabe).
2. **Im Handel:** Geschäfte, die E-Zigaretten verkaufen, nehmen Altgeräte ebenfalls zurück.
3. **Beim Wertstoffhof:** Kommunale Sammelstellen nehmen Elektro-Altgeräte und Batterien kostenlos an.

Kleben Sie die Kontakte nicht ab und öffnen Sie das Gerät nicht: Geben Sie es so ab, wie es ist.`,
  },
  {
    slug: 'jugendschutz-und-alterspruefung',
    title: 'Jugendschutz: wie wir das Alter prüfen',
    excerpt:
      'E-Zigaretten dürfen nur an Erwachsene verkauft werden. Wir prüfen das Alter zweimal: bei der Bestellung und bei der Zustellung.',
    seoDescription:
      'Warum wir das Alter bei Bestellung und Zustellung prüfen und was Sie dafür brauchen: Jugendschutz beim Kauf von E-Zigaretten.',
    categorySlug: null,
    body: `Nach dem Jugendschutzgesetz dürfen E-Zigaretten und nikotinhaltige Liquids nicht an Personen unter 18 Jahren abgegeben werden, auch nicht im Versandhandel. Deshalb prüfen wir das Alter an zwei Stellen.

## 1. Bei der Bestellung

An der Kasse geben Sie Ihr Geburtsdatum und die Angaben aus der maschinenlesbaren Zone Ihres Personalausweises an. Wir prüfen, ob die Angaben zueinander passen und ob Sie mindestens 18 Jahre alt sind. Wir speichern dabei nur das Ergebnis der Prüfung, nicht Ihr Geburtsdatum und nicht die Ausweisdaten.

## 2. Bei der Zustellung

Wir versenden mit einem Zustellservice, bei dem der Paketbote das Alter prüft. Das Paket wird nur an eine erwachsene Person übergeben; es wird nicht in einen Briefkasten, eine Packstation oder bei Nachbarn abgelegt. Halten Sie bei der Zustellung bitte einen Ausweis bereit.

## Warum es kein Häkchen „Ich bin 18“ tut

Ein bloßes Bestätigen reicht für den Versandhandel nicht aus. Die zweistufige Prüfung soll sicherstellen, dass die Ware tatsächlich bei einem Erwachsenen ankommt.

## Was die Altersabfrage beim Besuch bedeutet

Beim ersten Besuch fragen wir, ob Sie mindestens 18 Jahre alt sind. Diese Abfrage ersetzt die Prüfung bei der Bestellung nicht; sie hält Minderjährige von den Produktseiten fern.

Mehr dazu lesen Sie auf unserer Seite [Jugendschutz](/jugendschutz).`,
  },
  {
    slug: 'randm-modelle-im-vergleich',
    title: 'Die RandM-Modelle im Vergleich',
    excerpt:
      'Von der Tornado 7000 bis zur Tornado 40000 und der Shisha 10000: worin sich die Modelle unterscheiden und wie Sie das passende finden.',
    seoDescription:
      'RandM Tornado 7000 bis 40000 und Shisha 10000 im Vergleich: Zugzahl, Akku, Laden und Geschmacksrichtungen sachlich erklärt.',
    categorySlug: null,
    body: `Alle RandM-Modelle in unserem Shop haben denselben Nikotingehalt von 20 mg/ml (2 %), einen wiederaufladbaren Akku mit USB-C-Anschluss und sind nach dem Aufbrauchen des Liquids über die Elektro-Altgeräte-Rücknahme zu entsorgen. Sie unterscheiden sich vor allem in der angegebenen Zugzahl, der Größe und der Akkukapazität. Die Shisha 10000 ist eine Einweg-E-Shisha mit Shisha-typischen Geschmacksrichtungen und bis zu 10.000 Zügen.

## Die Zugzahl

Die Zahl im Namen, etwa 9000 oder 25000, ist die vom Hersteller angegebene höchste Zugzahl. Wie viele Züge Sie tatsächlich erreichen, hängt von Zuglänge und Zugstärke ab. Längere, kräftigere Züge verbrauchen mehr Liquid.

${MODEL_TABLE}

Die genauen Werte jedes Modells stehen in den technischen Daten der Produktseite.

## Größe und Gewicht

Modelle mit mehr Zügen enthalten mehr Liquid und sind größer und schwerer. Wer ein kleines Gerät für die Tasche sucht, greift eher zu einem Modell mit weniger Zügen.

## Geschmacksrichtungen

Jedes Modell gibt es in vielen Geschmacksrichtungen; nicht jede ist bei jedem Modell erhältlich. Auf den Kategorieseiten können Sie nach Geschmack filtern.

## Was bei allen gleich ist

- 20 mg/ml Nikotin und der gesetzliche Warnhinweis
- Verkauf nur an Erwachsene, Altersprüfung bei Bestellung und Zustellung
- kostenlose Rückgabe leerer Geräte (siehe [Akku-Sicherheit und Rückgabe](/randm-tornado-vape-blog/akku-sicherheit-und-rueckgabe-alter-geraete))`,
  },
];
