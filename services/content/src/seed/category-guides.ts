import { batteryMahForPuffCount, categoryText, TORNADO_PUFF_COUNTS } from '@shop/catalog-rules';
import { formatInteger } from '@shop/format';
import type { SeedPost } from './general-guides';

/**
 * One guide per catalogue category (what the model is, puff count, nicotine, battery
 * and charging, disposal and take-back), built from the same category facts the catalogue
 * shows (@shop/catalog-rules), so the blog never contradicts a product page.
 */
function guide(slug: string, name: string, puffs: number, kind: 'Einweg-E-Zigarette' | 'Einweg-E-Shisha'): SeedPost {
  const text = categoryText(slug);
  const intro = text?.paragraphs.slice(0, 2).join('\n\n') ?? '';
  const n = formatInteger(puffs);
  const battery = batteryMahForPuffCount(puffs);
  return {
    slug: `ratgeber-${slug}`,
    title: `${name}: Ratgeber zum Modell`,
    excerpt: `Was die ${name} ist, wie viele Züge realistisch sind, wie Sie sie laden und wie Sie sie nach dem Gebrauch richtig zurückgeben.`,
    seoDescription: `${name} erklärt: bis zu ${n} Züge, 20 mg/ml Nikotin, ${battery} mAh Akku mit USB-C, Entsorgung und Altersprüfung.`,
    categorySlug: slug,
    body: `${intro}

## Wie viele Züge sind realistisch?

Der Hersteller gibt bis zu ${n} Züge an. Dieser Wert gilt für kurze, gleichmäßige Züge; wer länger oder kräftiger zieht, verbraucht das Liquid schneller und erreicht weniger Züge. Ist das Liquid verbraucht, schmeckt der Dampf verbrannt: Dann ist das Gerät leer, auch wenn der Akku noch geladen ist.

## Nikotin

Die ${name} enthält 20 mg Nikotin pro Milliliter (2 %), den in der EU höchsten zulässigen Wert. Auf Packung und Produktseite steht der gesetzliche Warnhinweis: „Dieses Produkt enthält Nikotin: einem Stoff, der sehr stark abhängig macht.“ Mehr dazu im Beitrag [Der Nikotin-Warnhinweis](/randm-tornado-vape-blog/nikotin-warnhinweis-richtig-lesen).

## Akku und Laden

Der Akku hat ${battery} mAh und wird über USB-C geladen. Laden Sie auf einer festen Unterlage, nicht unbeaufsichtigt und nur mit einem intakten Kabel. Ein Gerät, das heiß wird oder beschädigt ist, laden Sie nicht weiter.

## Nach dem Gebrauch: Rückgabe statt Hausmüll

Die ${name} ist eine ${kind} mit eingebautem Lithium-Akku und damit ein Elektrogerät. Sie gehört nicht in den Hausmüll und nicht in die Gelbe Tonne. Geben Sie leere Geräte kostenlos bei uns, im Handel oder beim Wertstoffhof ab; wie die Rückgabe bei uns funktioniert, steht auf der Seite [Rückgabe](/rueckgabe).

## Nur für Erwachsene

Wir verkaufen die ${name} nur an Erwachsene ab 18 Jahren und prüfen das Alter bei der Bestellung und bei der Zustellung. Wer nicht raucht, sollte nicht mit dem Dampfen beginnen.

Alle Geschmacksrichtungen und die technischen Daten finden Sie in der [Kategorie ${name}](/kategorien/${slug}).`,
  };
}

export const CATEGORY_GUIDES: SeedPost[] = [
  ...TORNADO_PUFF_COUNTS.map((puffs) => guide(`randm-tornado-${puffs}`, `RandM Tornado ${puffs}`, puffs, 'Einweg-E-Zigarette')),
  guide('randm-shisha-10000', 'RandM Shisha 10000', 10000, 'Einweg-E-Shisha'),
];
