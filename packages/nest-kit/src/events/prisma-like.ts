/**
 * The slice of a Prisma client (or interactive-transaction client) the event kit uses. Typed by
 * shape, so every service's generated client fits without nest-kit depending on any of them.
 */
export interface RawSqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

export interface TransactionRunner<Tx extends RawSqlExecutor> {
  $transaction<R>(work: (tx: Tx) => Promise<R>): PromiseLike<R>;
}
