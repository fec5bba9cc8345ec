import { PageHeader } from '../dashboard-layout';

/** docs/spec/SPEC.md §2: a placeholder text page. */
export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" />
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <p className="text-slate-700">Reports are coming soon. Detailed readership and publishing reports will appear here.</p>
      </div>
    </>
  );
}
