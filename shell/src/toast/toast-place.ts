import { BOTTOM_BAR_PROPS, TOAST_SLOT_PROPS } from '@shop/shell-api';

/**
 * Where a toast goes when it appears (ToastHost): into the open modal dialog (its toast slot if it
 * has one), or onto the page, lifted by the height of a bar the page keeps at the bottom of the screen.
 */
export type ToastPlace =
  | { kind: 'page'; /** px from the viewport's bottom edge taken by a bottom bar; 0 without one. */ bottomOffsetPx: number }
  | { kind: 'dialog'; dialog: HTMLDialogElement; /** `[data-toast-slot]` inside the dialog, or null. */ slot: HTMLElement | null };

const [TOAST_SLOT_ATTRIBUTE] = Object.keys(TOAST_SLOT_PROPS);
const [BOTTOM_BAR_ATTRIBUTE] = Object.keys(BOTTOM_BAR_PROPS);

/**
 * The toast's place now: the last open dialog in the document (the shop opens its dialogs modal,
 * and a toast inside a non-modal one is as visible), else the page.
 */
export function toastPlace(doc: Document): ToastPlace {
  const dialog = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1);
  if (dialog) return { kind: 'dialog', dialog, slot: dialog.querySelector<HTMLElement>(`[${TOAST_SLOT_ATTRIBUTE}]`) };
  const bar = doc.querySelector(`[${BOTTOM_BAR_ATTRIBUTE}]`);
  const viewportHeight = doc.defaultView?.innerHeight ?? 0;
  const rect = bar?.getBoundingClientRect();
  const covered = rect && rect.height > 0 && rect.top < viewportHeight ? viewportHeight - rect.top : 0;
  return { kind: 'page', bottomOffsetPx: Math.round(Math.min(Math.max(covered, 0), viewportHeight / 2)) };
}
