// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

describe('Modal (SPEC.md §2: closes on Escape or an outside click unless submitting)', () => {
  afterEach(cleanup);

  it('closes on Escape and on a click on the backdrop, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Add Category" onClose={onClose}>
        <input aria-label="Name" />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.mouseDown(screen.getByLabelText('Name'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open while busy', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Add Category" onClose={onClose} busy>
        <p>Saving</p>
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add Category' }).getAttribute('aria-busy')).toBe('true');
  });

  it('lets Escape close only the innermost of two open modals', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Modal open title="Article Details" onClose={outer}>
          <p>Article</p>
        </Modal>
        <Modal open title="Delete Article" onClose={inner}>
          <p>Sure?</p>
        </Modal>
      </>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
