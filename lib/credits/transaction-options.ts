/**
 * Options of the credit transactions. On SQLite every transaction of a process queues behind one
 * lock, so a burst of parallel generations can wait longer for theirs than Prisma's 2 s default;
 * each transaction itself is two or three statements.
 */
export const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;
