import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'danger' for actions that cannot be undone (account deletion). */
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
}

/** The classes of a shop button, for a link that looks like one (`<Link className={buttonClass('primary')}>`). */
export function buttonClass(variant: NonNullable<ButtonProps['variant']> = 'primary', className = ''): string {
  return `shop-button shop-button--${variant} ${className}`.trim();
}

/** Shop button; `type` defaults to 'button' so it never submits a form by accident. */
export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}
