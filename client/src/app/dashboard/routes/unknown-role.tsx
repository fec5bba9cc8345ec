import { unknownRoleMessages } from '../messages';

export const SUPPORT_EMAIL = 'support@chronicle.local';

/** docs/spec/SPEC.md §2: a staff session whose role is none of the four. */
export function UnknownRolePage({ onLogout }: { onLogout(): void }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-6">
      <div className="w-full max-w-md rounded-xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold text-slate-900">{unknownRoleMessages.title}</h1>
        <p className="mt-3 text-slate-600">{unknownRoleMessages.body}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Contact Support
          </a>
          <button
            type="button"
            onClick={onLogout}
            className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
          >
            Logout
          </button>
        </div>
      </div>
    </main>
  );
}
