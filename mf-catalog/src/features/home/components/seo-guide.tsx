/** The guide article of the home page (spec §2 'Home'), written as factual information (§ 19 TabakerzG). */
export function SeoGuide() {
  return (
    <article className="catalog-seo-guide" aria-labelledby="seo-guide-title">
      <h2 id="seo-guide-title">Ratgeber: Welche RandM Tornado passt zu Ihnen?</h2>
      <p>
        Die Modelle der RandM-Tornado-Reihe unterscheiden sich vor allem in der Zugzahl: von bis zu 7.000 Zügen bei der Tornado 7000 bis zu
        40.000 Zügen bei der Tornado 40000. Alle Modelle sind Einweg-Geräte mit wiederaufladbarem Akku und einem Nikotingehalt von 20 mg/ml.
      </p>
      <h3>Zugzahl und Akku</h3>
      <p>
        Die angegebene Zugzahl ist ein Herstellerwert; wie viele Züge Sie tatsächlich erhalten, hängt von Zuglänge und Zugstärke ab. Die
        Akkukapazität liegt je nach Modell zwischen 600 und 900 mAh. Geladen wird über ein USB-Kabel.
      </p>
      <h3>Geschmacksrichtungen</h3>
      <p>
        Jede Kategorie bietet verschiedene Geschmacksrichtungen, von Fruchtsorten bis zu Minze. Über die Suche oben finden Sie eine
        Geschmacksrichtung in allen Modellen, auch mit deutschen Begriffen wie „Erdbeere“ oder „Wassermelone“.
      </p>
      <h3>Entsorgung</h3>
      <p>
        Einweg-E-Zigaretten enthalten einen Lithium-Akku und gehören nicht in den Hausmüll. Geben Sie leere Geräte bei einer Sammelstelle
        für Elektro-Altgeräte ab oder nutzen Sie unsere Rücknahme.
      </p>
      <h3>Jugendschutz</h3>
      <p>Wir verkaufen ausschließlich an Erwachsene ab 18 Jahren. Das Alter wird bei der Bestellung und bei der Zustellung geprüft.</p>
    </article>
  );
}
