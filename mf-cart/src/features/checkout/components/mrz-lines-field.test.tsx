import { createEvent, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { specimenIdCard } from '@shop/test-fixtures';
import { CHECKOUT_DEFAULTS, type CheckoutFormValues } from '../checkout-form';
import { MrzLinesField } from './mrz-lines-field';

const [line1, line2, line3] = specimenIdCard() as [string, string, string];

function Form() {
  const form = useForm<CheckoutFormValues>({ defaultValues: CHECKOUT_DEFAULTS });
  return (
    <FormProvider {...form}>
      <MrzLinesField />
    </FormProvider>
  );
}

const input = (n: number) => screen.getByLabelText(`Zeile ${n}`) as HTMLInputElement;
/** The status line tied to an input (its aria-describedby). */
const status = (n: number) => document.getElementById(input(n).getAttribute('aria-describedby')!.split(' ').at(-1)!)!;

function paste(target: HTMLInputElement, text: string) {
  const event = createEvent.paste(target, { clipboardData: { getData: () => text } });
  fireEvent(target, event);
  return event;
}

describe('MrzLinesField', () => {
  test('each line shows its count while typing and the check-digit verdict once complete', () => {
    render(<Form />);
    expect(status(1)).toHaveTextContent('0 von 30 Zeichen');
    fireEvent.input(input(1), { target: { value: line1.slice(0, 9) } });
    expect(status(1)).toHaveTextContent(/^9 von 30 Zeichen$/);
    const wrongDigit = `${line1.slice(0, 14)}${line1[14] === '1' ? '2' : '1'}${line1.slice(15)}`;
    fireEvent.input(input(1), { target: { value: wrongDigit } });
    expect(status(1)).toHaveTextContent('30 von 30 Zeichen · Die Prüfziffer der Ausweisnummer (15. Zeichen) passt nicht.');
    expect(input(1)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.input(input(1), { target: { value: line1 } });
    expect(status(1)).toHaveTextContent('30 von 30 Zeichen · Prüfziffern stimmen.');
    expect(input(1)).not.toHaveAttribute('aria-invalid');
  });

  test('pasting all three lines into line 1 fills the three inputs', async () => {
    render(<Form />);
    const event = paste(input(1), `${line1}\n${line2}\n${line3}`);
    expect(event.defaultPrevented).toBe(true);
    expect([input(1).value, input(2).value, input(3).value]).toEqual([line1, line2, line3]);
    expect(status(2)).toHaveTextContent('Prüfziffern stimmen.');
    expect(status(3)).toHaveTextContent('30 von 30 Zeichen · Vollständig.');
    await waitFor(() => expect(document.activeElement).toBe(input(3))); // the last filled line, to go on from there
  });

  test('pasting two lines into line 2 fills lines 2 and 3 and leaves line 1; a single line pastes as usual', () => {
    render(<Form />);
    fireEvent.input(input(1), { target: { value: line1 } });
    paste(input(2), `${line2}${line3}`);
    expect([input(1).value, input(2).value, input(3).value]).toEqual([line1, line2, line3]);
    expect(paste(input(3), 'MUSTERMANN').defaultPrevented).toBe(false);
  });
});
