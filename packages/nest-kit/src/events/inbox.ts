import type { RawSqlExecutor, TransactionRunner } from './prisma-like.js';

export type HandleOnceResult = 'processed' | 'duplicate';

/**
 * Applies an event's effect at most once per consumer: the inbox row and the effect commit in one
 * transaction, so a redelivered event finds its row and changes nothing. Two replicas handling the
 * same event at once serialise on the row's primary key; the second sees a duplicate.
 */
export async function handleOnce<Tx extends RawSqlExecutor>(
  prisma: TransactionRunner<Tx>,
  consumer: string,
  eventId: string,
  effect: (tx: Tx) => Promise<void>,
): Promise<HandleOnceResult> {
  return prisma.$transaction(async (tx) => {
    const inserted = await tx.$executeRawUnsafe(
      'INSERT INTO inbox_events (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING',
      consumer,
      eventId,
    );
    if (inserted === 0) return 'duplicate';
    await effect(tx);
    return 'processed';
  });
}
