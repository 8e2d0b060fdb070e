/**
 * The service's notion of "now" for expiry decisions (invitations, codes, reset tokens). Tests move it
 * forward with `advance` instead of sleeping; production never calls `advance`.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /**
   * How far tests moved this clock (0 in production). For time kept by the database (the job queue's leases,
   * shared by every instance), which moves by this much instead of following the process's own time.
   */
  get advancedMs(): number {
    return this.offsetMs;
  }

  /** Tests only: everything that asks this clock sees time `ms` later. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
