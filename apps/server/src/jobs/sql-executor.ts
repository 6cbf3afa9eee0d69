// pg-boss talks to the database through one function, executeSql(text, values). This adapts our
// Db (or an open transaction) to it, so the queue runs on PGlite and on PostgreSQL alike, and a
// job can be enqueued inside the caller's own transaction (it exists only if that commits).
import type { Queryable } from '@tagledger/db';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

// SQLSTATE 42601 with this text: PGlite's query() uses the extended protocol, which refuses
// several statements in one string. pg-boss sends its schema set-up that way (without values).
const MULTIPLE_COMMANDS = /multiple commands/i;

export function sqlExecutor(db: Queryable): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return db.query(text, values);
      try {
        return await db.query(text);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== '42601' || !MULTIPLE_COMMANDS.test((err as Error).message)) throw err;
        // A multi-statement script (schema set-up, maintenance) returns no rows pg-boss reads.
        await db.exec(text);
        return { rows: [], rowCount: 0 };
      }
    },
  };
}
