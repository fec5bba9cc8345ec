// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentForm } from './comment-form';

afterEach(cleanup);

const props = { label: 'Write a comment', submitLabel: 'Post Comment', busyLabel: 'Posting...' };

describe('CommentForm (SPEC §5 comments)', () => {
  it('is disabled while empty, and while the text is only spaces or invisible characters', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CommentForm {...props} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Post Comment' }) as HTMLButtonElement;
    const box = screen.getByLabelText('Write a comment');
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: ' \n\u200b ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: ' a ' } });
    expect(button.disabled).toBe(false);
    // Within act, to the end of the sending: the form updates itself when it is done.
    await act(async () => {
      fireEvent.submit(box.closest('form')!);
    });
    expect(onSubmit).toHaveBeenCalledWith('a');
  });

  it("keeps an edit's Save disabled when the box is cleared or left blank", () => {
    render(<CommentForm {...props} submitLabel="Save" initial="First take" onSubmit={async () => {}} onCancel={() => {}} />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Write a comment'), { target: { value: '    ' } });
    expect(save.disabled).toBe(true);
  });

  it('refuses blank content with the exact message if it is submitted all the same (Enter in a form)', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CommentForm {...props} onSubmit={onSubmit} />);
    const box = screen.getByLabelText('Write a comment');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
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
