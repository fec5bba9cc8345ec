// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { usePageForm } from './use-page-form';

interface Record {
  name: string;
  links: { site: string };
  version: number;
}

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  links: z.object({ site: z.url('Site must be an address') }),
});
const event = { preventDefault: () => {} } as FormEvent;

function form(save: (input: z.output<typeof schema>, version: number) => Promise<Record>, latest = async (): Promise<Record> => STORED) {
  return renderHook(() =>
    usePageForm({
      record: { name: 'Courier', links: { site: 'https://courier.example' }, version: 3 },
      valuesOf: (r: Record) => ({ name: r.name, links: r.links }),
      schema,
      save,
      failure: 'Failed to save',
      latest,
    }),
  );
}

const STORED: Record = { name: 'Gazette', links: { site: 'https://gazette.example' }, version: 5 };

describe('usePageForm', () => {
  it('saves what the schema outputs on top of the version it was filled from, and refills from the answer', async () => {
    const save = vi.fn(async (input: z.output<typeof schema>, version: number) => ({ ...input, version: version + 1 }));
    const { result } = form(save);
    act(() => result.current.set('name', '  Courier Daily '));
    await act(() => result.current.submit(event));
    expect(save).toHaveBeenCalledWith({ name: 'Courier Daily', links: { site: 'https://courier.example' } }, 3);
    expect(result.current.saved).toBe(true);
    expect(result.current.values.name).toBe('Courier Daily');
    // The next save names the new version.
    await act(() => result.current.submit(event));
    expect(save).toHaveBeenLastCalledWith(expect.anything(), 4);
    // A change takes the "saved" notice away.
    act(() => result.current.set('name', 'Courier'));
    expect(result.current.saved).toBe(false);
  });

  it('shows the schema’s messages by field, nested ones as a.b, and sends nothing', async () => {
    const save = vi.fn();
    const { result } = form(save);
    act(() => result.current.setValues({ name: ' ', links: { site: 'nowhere' } }));
    await act(() => result.current.submit(event));
    expect(result.current.errors).toEqual({ name: 'Name is required', 'links.site': 'Site must be an address' });
    expect(save).not.toHaveBeenCalled();
    // Changing a value takes its own message away, and no other.
    act(() => result.current.set('name', 'Courier'));
    expect(result.current.errors).toEqual({ name: undefined, 'links.site': 'Site must be an address' });
  });

  it('offers a reload when someone else saved meanwhile, which refills the form with what is stored', async () => {
    const { result } = form(async () => {
      throw new ApiError(409, 'Conflict', 'Someone else changed this.', ['The current version is 5.']);
    });
    await act(() => result.current.submit(event));
    expect(result.current.problem).toEqual({ message: 'Conflict', details: ['The current version is 5.'], stale: true });
    await act(() => result.current.reload());
    expect(result.current.problem).toBeNull();
    expect(result.current.values).toEqual({ name: 'Gazette', links: { site: 'https://gazette.example' } });
  });

  it('says what failed otherwise, without a reload', async () => {
    const { result } = form(async () => {
      throw new ApiError(500, 'Internal Server Error', 'Something went wrong');
    });
    await act(() => result.current.submit(event));
    expect(result.current.problem?.stale).toBe(false);
    expect(result.current.saved).toBe(false);
  });
});
