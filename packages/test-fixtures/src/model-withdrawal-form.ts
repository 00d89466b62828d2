/**
 * The model withdrawal form as the statute words it (Anlage 2 zu Art. 246a § 1 Abs. 2 Satz 1
 * Nr. 1 EGBGB, 'Muster-Widerrufsformular'), line by line, without the list dashes: the reference
 * the shop's withdrawal text and its PDF are compared with. The first line's bracket is where the
 * trader fills in name, address and e-mail address; `trader` is what the shop wrote there.
 */
export function statutoryModelWithdrawalForm(trader: string): string[] {
  return [
    'Muster-Widerrufsformular',
    '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
    `An ${trader}:`,
    'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
    'Bestellt am (*)/erhalten am (*)',
    'Name des/der Verbraucher(s)',
    'Anschrift des/der Verbraucher(s)',
    'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
    'Datum',
    '(*) Unzutreffendes streichen.',
  ];
}
