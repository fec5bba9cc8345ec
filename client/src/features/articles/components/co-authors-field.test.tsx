// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import type { StaffMember } from '#shared/types';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { CoAuthorsField } from './co-authors-field';

afterEach(cleanup);

const staff: StaffMember[] = ['Ann Author', 'Bea Writer', 'Cy Editor', 'Di Admin', 'Ed Reporter', 'Flo Desk', 'Gus Chief'].map(
  (name, i) => ({
    id: `0190a8e2-7c3b-7def-8abc-00000000000${i}`,
    name,
    slug: name.toLowerCase().replace(' ', '-'),
  }),
);

/** The field over a staff list already read (the query's cache), as the article form holds it. */
function Field() {
  const [value, setValue] = useState<string[]>([]);
  return <CoAuthorsField value={value} onChange={setValue} authorId={staff[0]!.id} named={[]} />;
}

function renderField() {
  const client = new QueryClient();
  client.setQueryData(dashboardKeys.staff, { data: staff });
  render(
    <QueryClientProvider client={client}>
      <Field />
    </QueryClientProvider>,
  );
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('CoAuthorsField (docs/decisions/064-co-authors.md)', () => {
  it('never offers the author, says what each Add and Remove did, and keeps the focus in the field up to the last place', async () => {
    renderField();
    const select = () => screen.getByLabelText('Member of staff to add as a co-author') as HTMLSelectElement;
    expect([...select().options].map((o) => o.text)).not.toContain('Ann Author');
    for (const person of staff.slice(1, 1 + LIMITS.coAuthorsMax)) {
      fireEvent.change(select(), { target: { value: person.id } });
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
      await nextFrame();
      expect(screen.getByRole('status').textContent).toBe(`${person.name} added as a co-author.`);
    }
    // Every place taken: the select has gone, and the focus is on the last name's Remove, not lost to the page.
    expect(screen.queryByLabelText('Member of staff to add as a co-author')).toBeNull();
    expect(screen.getByText(`An article has at most ${LIMITS.coAuthorsMax} co-authors.`)).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: `Remove ${staff[LIMITS.coAuthorsMax]!.name} from the co-authors` }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Bea Writer from the co-authors' }));
    await nextFrame();
    expect(screen.getByRole('status').textContent).toBe('Bea Writer removed from the co-authors.');
    expect(document.activeElement).toBe(select());
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual(
      staff.slice(2, 1 + LIMITS.coAuthorsMax).map((p) => p.name),
    );
  });
});
