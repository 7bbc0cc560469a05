import { Task, TaskStatus } from '@lit/task'
import { BaseError } from '@openmodal/core/internal'
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { tError } from '../i18n/coded.js'

export interface AttemptOptions {
  /** Called once, the first time the host is connected: the attempt a view opens with. */
  firstRun?: () => unknown
  /** The text shown for a failure, or `undefined` to stay silent. Defaults to `tError` (the catalog's text). */
  message?: (error: unknown) => string | undefined
}

/**
 * An `AttemptOptions.message` for connection views: the catalog's text, but nothing when the
 * visitor closed the modal or left the view (`MODAL_CLOSED`), since there is nobody to tell.
 *
 * @example new AttemptController(this, { message: silentWhenClosed })
 */
export function silentWhenClosed(error: unknown): string | undefined {
  return error instanceof BaseError && error.code === 'MODAL_CLOSED' ? undefined : tError(error)
}

/**
 * Runs an async attempt for a Lit element (connect, switch network, …) and keeps what the
 * element shows about it: `pending` while it runs, `error` (the failure's text) once it failed,
 * cleared by the next attempt (Try again). Re-renders the host on every change. Built on
 * `@lit/task`.
 *
 * @example
 * class MyView extends LitElement {
 *   attempt = new AttemptController(this, { firstRun: () => this.start() })
 *   async start() {
 *     if (await this.attempt.run(() => connect({ connectorId }))) closeModal()
 *   }
 *   render() { return html`${this.attempt.pending ? 'Connecting…' : this.attempt.error}` }
 * }
 */
export class AttemptController implements ReactiveController {
  private readonly task: Task<[Attempt], unknown>
  private failure: string | undefined
  private started = false
  /** The newest run is a `cancel()`: nothing the element waits for. */
  private cancelled = false

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: AttemptOptions = {},
  ) {
    host.addController(this)
    // @lit/task keeps the status, re-renders the host and drops the outcome of a run that a
    // newer one superseded (its signal is aborted).
    this.task = new Task<[Attempt], unknown>(host, {
      autoRun: false,
      task: ([attempt], { signal }) => {
        attempt.signal = signal
        return attempt.run(signal)
      },
      onError: (error) => {
        this.failure = (this.options.message ?? tError)(error)
      },
    })
  }

  /** Whether an attempt is running. */
  get pending(): boolean {
    return !this.cancelled && this.task.status === TaskStatus.PENDING
  }

  /** The last attempt's failure, as the text to show. */
  get error(): string | undefined {
    return this.failure
  }

  hostConnected(): void {
    if (this.started || !this.options.firstRun) return
    this.started = true
    void this.options.firstRun()
  }

  /**
   * Runs `task`; resolves `true` when it succeeded, `false` when it failed (see `error`). A run
   * started while another is pending (Try again on a wallet that never answered, a name typed
   * further) supersedes it: the older run's outcome is ignored, it resolves `false`, and the
   * `signal` it was given is aborted (a task checks it before it writes anything).
   */
  async run(task: (signal: AbortSignal) => Promise<unknown>): Promise<boolean> {
    this.cancelled = false
    this.failure = undefined
    const attempt: Attempt = { run: task, signal: undefined }
    await this.task.run([attempt])
    if (attempt.signal?.aborted) return false
    return this.task.status === TaskStatus.COMPLETE
  }

  /** Supersedes a pending attempt with nothing: it stops being pending and its outcome is dropped. */
  cancel(): void {
    if (this.task.status === TaskStatus.PENDING) void this.run(async () => {})
    this.cancelled = true
    this.fail(undefined)
  }

  /**
   * Shows `message` as the failure without running anything (the attempt cannot start);
   * `undefined` clears the failure shown (the visitor edits what failed).
   */
  fail(message: string | undefined): void {
    this.failure = message
    this.host.requestUpdate()
  }
}

/** One run: the work, and the signal @lit/task aborts when a newer run supersedes it. */
interface Attempt {
  run: (signal: AbortSignal) => Promise<unknown>
  signal: AbortSignal | undefined
}
