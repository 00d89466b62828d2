import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
}

/** Shop button; `type` defaults to 'button' so it never submits a form by accident. */
export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`shop-button shop-button--${variant} ${className}`.trim()} {...rest} />;
}
