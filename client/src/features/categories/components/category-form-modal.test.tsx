// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { CategoryFormModal } from './category-form-modal';

afterEach(cleanup);

describe('CategoryFormModal (docs/spec/SPEC.md §5 category)', () => {
  it('stops typing at the shared limit, so the counter never reads past it', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CategoryFormModal category={null} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText('Category name') as HTMLInputElement;
    expect(input.maxLength).toBe(LIMITS.categoryNameMax);
  });
});
