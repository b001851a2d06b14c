/** Where the service reads the time: injected so tests can move it (drop-off code expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move forward; it keeps ticking from where it was set. */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
