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
      // The cluster's files belong to the user it runs as: never root.
      const dir = await pg.query<{ d: string }>("SELECT current_setting('data_directory') AS d");
      expect(fs.statSync(dir.rows[0]!.d).uid).not.toBe(0);
    } finally {
      await pg.stop();
    }
  });
});
