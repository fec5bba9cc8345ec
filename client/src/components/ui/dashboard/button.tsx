import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-slate-900 text-white hover:bg-slate-700',
  brand: 'bg-brand text-white hover:bg-red-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
} as const;

const SIZES = { sm: 'px-2.5 py-1 text-xs', md: 'px-3.5 py-2 text-sm' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
}

export function Button({ variant = 'secondary', size = 'md', className = '', type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...props}
    />
  );
}
