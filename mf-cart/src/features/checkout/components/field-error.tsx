/**
 * The German error of a checkout control that is not a text field (the terms checkbox, the
 * payment choice), announced; `id` is what the control's `aria-describedby` names.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="shop-field__error" role="alert">
      {message}
    </p>
  ) : null;
}
