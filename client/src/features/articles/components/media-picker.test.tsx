// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaPicker } from './media-picker';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('MediaPicker', () => {
  afterEach(cleanup);

  it('takes images and videos dropped on it and refuses other files by name', () => {
    const onChange = vi.fn();
    render(<MediaPicker files={[]} onChange={onChange} />);
    fireEvent.drop(screen.getByTestId('media-dropzone'), {
      dataTransfer: { files: [file('a.png', 'image/png'), file('notes.pdf', 'application/pdf'), file('clip.mp4', 'video/mp4')] },
    });
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.png' }), expect.objectContaining({ name: 'clip.mp4' })]);
    expect(screen.getByRole('alert').textContent).toContain('notes.pdf');
  });

  it('shows a progress bar per file while it uploads', () => {
    render(<MediaPicker files={[file('a.png', 'image/png'), file('b.png', 'image/png')]} onChange={() => {}} progress={{ 0: 0.42 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading a.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('button', { name: 'Remove b.png' })).toBeTruthy();
  });

  it('ignores drops while disabled', () => {
    const onChange = vi.fn();
    render(<MediaPicker files={[]} onChange={onChange} disabled />);
    fireEvent.drop(screen.getByTestId('media-dropzone'), { dataTransfer: { files: [file('a.png', 'image/png')] } });
    expect(onChange).not.toHaveBeenCalled();
  });
});
