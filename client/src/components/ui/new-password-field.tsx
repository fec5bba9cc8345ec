import { useState, type ComponentProps } from 'react';
import { PASSWORD_RULES } from '#shared/schemas/password';
import { Field } from './field';

/**
 * The rule of a new password as a checklist that follows the typing (shared/schemas/password.ts, the server's own
 * rule). Each line says in words whether it is met, and a polite live region counts the lines met, so a screen
 * reader hears the progress without losing the field.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const met = PASSWORD_RULES.map((rule) => rule.met(password));
  const count = met.filter(Boolean).length;
  return (
    <>
      <span>Your password needs:</span>
      <ul className="mt-1 space-y-0.5" data-testid="password-rules">
        {PASSWORD_RULES.map((rule, i) => (
          <li key={rule.label} data-met={met[i]} className={met[i] ? 'text-green-800' : 'text-slate-700'}>
            <span aria-hidden="true" className="inline-block w-4">
              {met[i] ? '✓' : '•'}
            </span>
            {rule.label}
            <span className="sr-only">{met[i] ? ' (met)' : ' (not met yet)'}</span>
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite" role="status">
        {password ? `${count} of ${PASSWORD_RULES.length} password rules met` : ''}
      </span>
    </>
  );
}

/** A field that sets a password: the checklist is its hint, read with it (aria-describedby). */
export function NewPasswordField({ onChange, ...props }: Omit<ComponentProps<typeof Field>, 'type' | 'hint'>) {
  const [typed, setTyped] = useState('');
  return (
    <Field
      type="password"
      autoComplete="new-password"
      {...props}
      onChange={(e) => {
        setTyped(e.target.value);
        onChange?.(e);
      }}
      hint={<PasswordChecklist password={typed} />}
    />
  );
}
