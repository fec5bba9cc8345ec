import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'brand' | 'secondary' | 'success' | 'ghost' | 'danger' | 'link';
/** `xs`: the dashboard's compact buttons in tables and cards. */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-slate-900 text-white hover:bg-slate-700 disabled:bg-slate-400',
  brand: 'bg-brand text-white hover:bg-brand-hover disabled:opacity-50',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:opacity-50',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  link: 'text-blue-800 underline-offset-2 hover:underline disabled:text-slate-500',
};
const SIZES: Record<ButtonSize, string> = {
  xs: 'px-2.5 py-1 text-xs whitespace-nowrap',
  sm: 'px-2.5 py-1 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-2.5 text-base',
};

/** The classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
    variant !== 'link' && SIZES[size],
    VARIANTS[variant],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The button element (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

/** One button for the reader and the dashboard; `type="button"` unless said otherwise. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
