import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

interface ArticleSummary {
  id: string;
  title: string;
  summary: string;
}

export function HomeRoute() {
  const { data, isPending, error } = useQuery({
    queryKey: ['articles', 'published', 'home'],
    queryFn: () => api.get<{ data: ArticleSummary[] }>('/api/articles/published', { query: { limit: 12 } }),
  });
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="font-serif text-4xl font-bold">Chronicle News</h1>
      {isPending && <p>Loading…</p>}
      {error && <p className="text-red-700">{error.message}</p>}
      <ul className="mt-6 space-y-4">
        {data?.data.map((a) => (
          <li key={a.id}>
            <h2 className="text-xl font-semibold">{a.title}</h2>
            <p className="text-slate-600">{a.summary}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
