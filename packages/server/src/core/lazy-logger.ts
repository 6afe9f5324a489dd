import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type Method = 'info' | 'error' | 'debug' | 'fatal' | 'warn' | 'trace' | 'silent';

/**
 * A request's logger that becomes pino's child (with the request id) only when something logs.
 * Fastify makes a child logger for every request; most requests never write a line (the request
 * log is quiet unless slow, failing or ACCESS_LOG=1), and the child's bindings were a measurable
 * part of a trivial call's cost (bench/RESULTS.md, issue 20).
 */
class LazyRequestLogger {
  #real: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#real ??= this.parent.child(this.bindings, this.options);
    return this.#real;
  }
  get level(): string {
    return this.real.level;
  }
  set level(value: string) {
    this.real.level = value;
  }
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
  // The log methods, each passed to the real child (defined with the class, not by the module's load).
  static {
    for (const method of ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'silent'] as Method[]) {
      Object.defineProperty(LazyRequestLogger.prototype, method, {
        value(this: { real: FastifyBaseLogger }, ...args: unknown[]) {
          return (this.real[method] as (...a: unknown[]) => void)(...args);
        },
      });
    }
  }
}

/** Fastify's `childLoggerFactory`: the same child as the default one, made on first use. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
