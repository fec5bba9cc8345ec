// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordField } from './new-password-field';

afterEach(cleanup);

const rules = () =>
  within(screen.getByTestId('password-rules'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('NewPasswordField: the shared password rule, live', () => {
  it('ticks each rule off as it is typed, in words a screen reader reads, and announces the count politely', () => {
    const onChange = vi.fn();
    render(<NewPasswordField label="Password" name="password" onChange={onChange} />);
    const input = screen.getByLabelText('Password');
    expect(rules()).toEqual([
      '•At least 8 characters (not met yet)',
      '•An upper-case letter (not met yet)',
      '•A lower-case letter (not met yet)',
      '•A number (not met yet)',
      '•A special character (such as ! ? # @ -) (not met yet)',
    ]);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');

    fireEvent.change(input, { target: { value: 'secret' } });
    expect(rules().map((r) => r!.endsWith('(met)'))).toEqual([false, false, true, false, false]);
    expect(status.textContent).toBe('1 of 5 password rules met');
    expect(onChange).toHaveBeenCalledOnce();

    fireEvent.change(input, { target: { value: 'Secret-42' } });
    expect(rules().every((r) => r!.endsWith('(met)'))).toBe(true);
    expect(status.textContent).toBe('5 of 5 password rules met');
  });

  it('is described by the checklist, so the rules are read with the field', () => {
    render(<NewPasswordField label="Password" name="password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    const described = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(described?.contains(screen.getByTestId('password-rules'))).toBe(true);
  });
});
