import { performance } from 'node:perf_hooks';
import type { ConsumerSettled } from '@gleba/platform';

/** How often the event path's lag is taken and the delivery rate adjusted. */
export const PACE_TICK_MS = 100;
/** Added to a paced rate (deliveries/s) after each tick within half the target. */
const STEP_PER_S = 5;
/** A paced rate that grew this high is lifted altogether. */
const UNPACED_FROM_PER_S = 1000;
/**
 * Messages held by the consumer (received, not settled) at which the broker is assumed to hold
 * more: the platform consumer's prefetch. The wait of the held ones no longer shows the backlog.
 */
const CONSUMER_FULL_AT = 20;

/**
 * Paces e-mail and SMS jobs on the event path's latency. The consumer writes the in-app
 * notification that a user is looking at the app for; an e-mail or an SMS may leave a few seconds
 * later. On a machine that both share, each delivery also costs Postgres, Redis and the mail
 * server CPU that the process's scheduling priority (`DELIVERY_WORKER_NICE`) does not cover. So,
 * additive increase, multiplicative decrease: a tick in which the consumer's transactions settled
 * within half of `targetMs` adds STEP_PER_S deliveries/s to the rate (until it is lifted); a tick
 * over `targetMs` halves it (the first one, from unpaced, sets `minPerS`), never below `minPerS`,
 * so deliveries always go on; in between, the rate holds (growing on until the target is crossed
 * made the rate, and the lag, saw-tooth).
 */
export class DeliveryPacer {
  /** Deliveries per second allowed now; Infinity: not paced. */
  private perS = Infinity;
  private nextSlot = 0;

  constructor(private readonly options: { targetMs: number; minPerS: number }) {}

  get rate(): number {
    return this.perS;
  }

  /** The event path's worst lag (ms) over the last tick; Infinity when it fell behind. */
  report(lagMs: number): void {
    if (lagMs > this.options.targetMs) {
      // From unpaced (events arriving after a quiet spell, while deliveries drain at full speed):
      // straight to the minimum, since on a full machine every tick of delay must be paid back
      // out of what the CPU has to spare.
      this.perS = Number.isFinite(this.perS)
        ? Math.max(this.options.minPerS, this.perS / 2)
        : this.options.minPerS;
    } else if (Number.isFinite(this.perS) && lagMs <= this.options.targetMs / 2) {
      this.perS += STEP_PER_S;
      if (this.perS >= UNPACED_FROM_PER_S) this.perS = Infinity;
    }
  }

  /** Resolves when the next delivery may start. */
  async take(): Promise<void> {
    if (!Number.isFinite(this.perS)) return;
    const now = performance.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + 1000 / this.perS;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** The pacer the config asks for: none when DELIVERY_YIELD_LAG_MS is 0. */
export function deliveryPacer(config: {
  DELIVERY_YIELD_LAG_MS: number;
  DELIVERY_MIN_RATE: number;
}): DeliveryPacer | undefined {
  return config.DELIVERY_YIELD_LAG_MS > 0
    ? new DeliveryPacer({ targetMs: config.DELIVERY_YIELD_LAG_MS, minPerS: config.DELIVERY_MIN_RATE })
    : undefined;
}

/**
 * The service's side: gathers the consumer's settlements and, every tick, hands the worst wait
 * (Infinity when the consumer's buffer was full) to the pacer: the pacer itself when the workers
 * run in this process, or the forked worker process. A tick without a settlement reports 0.
 */
export class EventPathLag {
  private worst = 0;
  private timer: NodeJS.Timeout | null = null;

  settled(s: ConsumerSettled): void {
    this.worst = Math.max(this.worst, s.held >= CONSUMER_FULL_AT ? Infinity : s.waitedMs);
  }

  /** Reports every tick to `report` from now on. */
  sendTo(report: (lagMs: number) => void): void {
    this.stop();
    this.worst = 0;
    this.timer = setInterval(() => {
      const lag = this.worst;
      this.worst = 0;
      report(lag);
    }, PACE_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
