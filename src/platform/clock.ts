/**
 * The service's notion of "now" for expiry decisions (invitations, codes, reset tokens). Tests move it
 * forward with `advance` instead of sleeping; production never calls `advance`.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: everything that asks this clock sees time `ms` later. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
