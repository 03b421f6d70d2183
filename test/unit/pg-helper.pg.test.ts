/** The throwaway PostgreSQL cluster of test/helpers/pg.ts starts, answers and goes. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pgMissing, startPg } from '../helpers/pg.js';

describe.skipIf(pgMissing !== undefined)('a throwaway PostgreSQL cluster', () => {
  it('starts on loopback as a non-root user, gives databases, and is removed when stopped', async () => {
    const pg = await startPg();
    try {
      const db = await pg.database();
      const r = await pg.query<{ u: string; v: string }>(
        'SELECT current_user AS u, host(inet_server_addr()) AS v',
        [],
        db,
      );
      expect(r.rows[0]).toEqual({ u: 'cacs_test', v: '127.0.0.1' });
      const owner = await pg.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const status = fs.readFileSync(`/proc/${owner.rows[0]!.pid}/status`, 'utf8');
      expect(status).not.toMatch(/^Uid:\s+0\s/m);
    } finally {
      await pg.stop();
    }
  });
});
