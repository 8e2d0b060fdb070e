import { InvalidArgumentError, InvalidPromptError, UnsupportedFunctionalityError } from 'ai';
import { AppError } from '../../../platform/http/errors.js';
import { classify, ProviderFailure } from './failures.js';

/** The caller went away (client disconnect or its own signal): not a provider failure, nothing to record. */
export class CallAborted extends Error {
  override name = 'CallAborted';
  constructor() {
    super('The call was aborted by the client');
  }
}

/** The abort reason of a per-attempt deadline; tells a timeout apart from a client abort. */
class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded';
}

/**
 * One attempt's abort signal: aborted by the caller's signal or by a deadline. `touch()` re-arms the deadline, which
 * turns it into an idle timeout for streams (a stream may run long as long as it keeps producing).
 */
export class AttemptSignal {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = () => this.controller.abort(new CallAborted());

  constructor(
    readonly timeoutMs: number,
    private readonly caller?: AbortSignal,
    /** The key the call uses: removed from every failure message. */
    private readonly secret?: string,
  ) {
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get timedOut(): boolean {
    return this.controller.signal.reason instanceof DeadlineExceeded;
  }

  get callerAborted(): boolean {
    return this.caller?.aborted === true || this.controller.signal.reason instanceof CallAborted;
  }

  touch(): void {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(() => this.controller.abort(new DeadlineExceeded('deadline exceeded')), this.timeoutMs);
  }

  /** Stops the clock while we wait on our own client (a slow reader is not a silent provider). */
  pause(): void {
    clearTimeout(this.timer);
  }

  /** Stops the deadline and unlinks from the caller; `abort` also cancels the upstream request. */
  done(abort = false): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
    if (abort && !this.controller.signal.aborted) this.controller.abort(new CallAborted());
  }

  /** The failure to report when an attempt threw. */
  failureOf(error: unknown, provider: string): ProviderFailure | CallAborted {
    if (this.callerAborted) return new CallAborted();
    if (this.timedOut) return new ProviderFailure('timeout', provider, `no answer within ${this.timeoutMs} ms`, null, null, this.timeoutMs);
    return classify(error, provider, this.secret);
  }
}

export interface RetryOptions {
  provider: string;
  /** Retries after the first attempt (PROVIDER_MAX_RETRIES). */
  maxRetries: number;
  /** Per-attempt deadline (PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Aborts everything: the client disconnected. */
  signal?: AbortSignal;
  /** Upper bound of the time spent waiting between attempts, Retry-After included. */
  maxTotalWaitMs?: number;
  /** Every failed attempt, retried or not, so that each one is logged and moves provider health. */
  onFailure?: (failure: ProviderFailure, willRetry: boolean) => Promise<void> | void;
  /** Backoff base for failures without Retry-After (doubles per attempt). */
  backoffMs?: number;
  /** The tenant's key used by the call: no failure message carries it, nor any long fragment of it. */
  secret?: string;
}

const MAX_TOTAL_WAIT_MS = 10_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CallAborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CallAborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` with a deadline per attempt and bounded retries for rate limits, 5xx and connection errors. The
 * SDK's own retries are off (maxRetries: 0) so that every failure passes through here: it is logged, moves provider
 * health, and the wait honours the provider's Retry-After. A Retry-After longer than the remaining wait budget ends
 * the retries, and the client gets our 429 with that Retry-After instead of a request held open.
 *
 * With `keep`, a successful attempt's signal stays armed and is handed to the caller (streams: the deadline becomes
 * an idle timeout the caller re-arms with touch() and ends with done()).
 */
export async function withRetries<T>(attempt: (signal: AttemptSignal) => Promise<T>, options: RetryOptions & { keep?: boolean }): Promise<T> {
  const maxWait = options.maxTotalWaitMs ?? MAX_TOTAL_WAIT_MS;
  const backoff = options.backoffMs ?? 250;
  let waited = 0;
  for (let n = 0; ; n++) {
    if (options.signal?.aborted) throw new CallAborted();
    const signal = new AttemptSignal(options.timeoutMs, options.signal, options.secret);
    try {
      const value = await attempt(signal);
      if (!options.keep) signal.done();
      return value;
    } catch (error) {
      if (InvalidPromptError.isInstance(error) || InvalidArgumentError.isInstance(error) || UnsupportedFunctionalityError.isInstance(error)) {
        // Refused by the SDK before any request: the input does not fit this model or provider. No provider involved.
        signal.done(true);
        throw new AppError('invalid_model_request', `The request cannot be sent to this model: ${error.message}`);
      }
      const failure = error instanceof CallAborted ? error : signal.failureOf(error, options.provider);
      signal.done(true);
      if (failure instanceof CallAborted) throw failure;
      let wait: number | null = null;
      if (failure.retryable && n < options.maxRetries) {
        wait = failure.retryAfterSec !== null ? failure.retryAfterSec * 1000 : backoff * 2 ** n + Math.random() * backoff;
        if (waited + wait > maxWait) wait = null;
      }
      await options.onFailure?.(failure, wait !== null);
      if (wait === null) throw failure;
      waited += wait;
      await sleep(wait, options.signal);
    }
  }
}
