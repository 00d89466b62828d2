import { Button } from '@shop/ui';
import { useEffect, useRef, type ReactNode } from 'react';

export type StepState = 'done' | 'active' | 'upcoming';

/**
 * One numbered checkout step: the active one shows its form, a finished one its summary and
 * 'Ändern', an upcoming one only its title. The heading of a step that becomes active gets the
 * focus, so keyboard and screen-reader users continue right there.
 */
export function CheckoutStep(props: {
  number: number;
  title: string;
  state: StepState;
  summary?: ReactNode;
  /** The step's name: the value of its 'Ändern' button (`aendern`), which belongs to the form `editForm`. */
  name?: string;
  editForm?: string;
  onEdit?: () => void;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const wasActive = useRef(props.state === 'active');
  useEffect(() => {
    if (props.state === 'active' && !wasActive.current) heading.current?.focus();
    wasActive.current = props.state === 'active';
  }, [props.state]);
  const id = `checkout-step-${props.number}`;
  return (
    <section
      className={`cart-checkout-step cart-checkout-step--${props.state}`}
      aria-labelledby={id}
      aria-current={props.state === 'active' ? 'step' : undefined}
    >
      <header className="cart-checkout-step__header">
        <h2 id={id} ref={heading} tabIndex={-1}>
          <span className="cart-checkout-step__number" aria-hidden="true">
            {props.number}
          </span>
          {props.title}
          {props.state === 'done' && <span className="shop-visually-hidden"> (erledigt)</span>}
        </h2>
        {props.state === 'done' && props.onEdit && (
          <Button
            variant="ghost"
            type="submit"
            form={props.editForm}
            name="aendern"
            value={props.name}
            onClick={props.onEdit}
            aria-label={`${props.title} ändern`}
          >
            Ändern
          </Button>
        )}
      </header>
      {props.state === 'done' && props.summary && <div className="cart-checkout-step__summary">{props.summary}</div>}
      {props.state === 'active' && <div className="cart-checkout-step__body">{props.children}</div>}
    </section>
  );
}
