import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
/** OWASP's argon2id floor (19 MiB, 2 passes). Each hash records its own cost, so any stored hash verifies. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
let options = OPTIONS;

export const hashPassword = (password: string) => hash(password, options);

/**
 * For the test harness only: a test run creates and signs in about a thousand users, ~30 ms of CPU each at the
 * production cost. Nothing in the service calls this; the processes tests start keep the production cost.
 */
export function cheapPasswordHashesForTests(): void {
  options = { ...OPTIONS, memoryCost: 1024, timeCost: 1 };
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | null = null;
/**
 * A hash to verify against when the tenant or user does not exist, so a wrong tenant, email or
 * password all cost one argon2 verification and cannot be told apart by timing.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}
