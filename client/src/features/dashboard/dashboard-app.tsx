export function DashboardApp() {
  return <main className="p-6">Dashboard</main>;
}
