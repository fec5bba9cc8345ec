// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentForm } from './comment-form';

afterEach(cleanup);

const props = { label: 'Write a comment', submitLabel: 'Post Comment', busyLabel: 'Posting...' };

describe('CommentForm (SPEC §5 comments)', () => {
  it('is disabled while empty and refuses blank content with the exact message', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CommentForm {...props} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Post Comment' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Write a comment'), { target: { value: '   ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Comment cannot be empty');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed text, shows the busy label, then clears the box', async () => {
    let resolve: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<CommentForm {...props} onSubmit={onSubmit} />);
    const box = screen.getByLabelText('Write a comment') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  Good piece.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(onSubmit).toHaveBeenCalledWith('Good piece.');
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeTruthy();
    resolve();
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('shows a failure in the red box and keeps the text', async () => {
    render(<CommentForm {...props} onSubmit={() => Promise.reject(new Error('Failed to post comment'))} />);
    const box = screen.getByLabelText('Write a comment') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to post comment');
    expect(box.value).toBe('Hello');
  });

  it('for a guest, reads "Login to Comment" and hands over instead of posting', () => {
    const onGuestSubmit = vi.fn();
    const onSubmit = vi.fn(async () => {});
    render(<CommentForm {...props} onSubmit={onSubmit} onGuestSubmit={onGuestSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Login to Comment' }));
    expect(onGuestSubmit).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
