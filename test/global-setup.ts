// Filled in by the test harness: prepares a migrated template database once per run.
export default async function setup(): Promise<void> {}
