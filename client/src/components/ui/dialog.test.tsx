// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

/** Escape as a keyboard sends it: to the element that has the focus. */
const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('Dialog (docs/spec/SPEC.md §2: closes on Escape or an outside click unless submitting)', () => {
  afterEach(cleanup);

  it('is a modal <dialog> named by its title, opened in the top layer, focus on its first control', () => {
    render(
      <Dialog open title="Add Category" description="Categories group articles." onClose={() => {}}>
        <input aria-label="Name" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Category' });
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Categories group articles.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes on Escape and on a click on the backdrop, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Add Category" onClose={onClose}>
        <input aria-label="Name" />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.mouseDown(screen.getByLabelText('Name'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open while busy', () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Add Category" onClose={onClose} busy>
        <p>Saving</p>
      </Dialog>,
    );
    // Nothing to focus inside but the dialog itself: Escape reaches it there.
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    pressEscape();
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add Category' }).getAttribute('aria-busy')).toBe('true');
  });

  it('lets Escape close only the innermost of two open dialogs', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Dialog open title="Article Details" onClose={outer}>
          <p>Article</p>
        </Dialog>
        <Dialog open title="Delete Article" onClose={inner}>
          <p>Sure?</p>
        </Dialog>
      </>,
    );
    pressEscape();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('lets Escape close only the inner dialog when it is opened from inside the outer one', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const tree = (innerOpen: boolean) => (
      <Dialog open title="Article Details" onClose={outer}>
        <Dialog open={innerOpen} title="Delete Article" onClose={inner}>
          <button type="button">Delete</button>
        </Dialog>
      </Dialog>
    );
    const { rerender } = render(tree(false));
    rerender(tree(true));
    expect(screen.getByRole('dialog', { name: 'Delete Article' }).contains(document.activeElement)).toBe(true);
    pressEscape();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('focuses the control marked data-autofocus and gives the focus back on close', () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <Dialog open={open} title="Delete Article" onClose={() => setOpen(false)}>
            <button type="button">Cancel</button>
            <button type="button" data-autofocus>
              Confirm
            </button>
          </Dialog>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    pressEscape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });
});
