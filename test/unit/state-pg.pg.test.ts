/**
 * The PostgreSQL store (src/state/pg/): the state contract (test/contract/state.contract.ts)
 * against a real PostgreSQL server (a throwaway cluster: test/helpers/pg.ts), each test in a
 * schema of its own.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe } from 'vitest';
import { openStateStore } from '../../src/state/index.js';
import { stateContract } from '../contract/state.contract.js';
import { pgMissing, startPg, type PgCluster } from '../helpers/pg.js';
import { tempDir } from '../helpers/tmp.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe.skipIf(pgMissing !== undefined)('PostgreSQL store', () => {
  let pg: PgCluster;
  let db: string;
  beforeAll(async () => {
    pg = await startPg();
    db = await pg.database();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });

  stateContract('PostgreSQL store', async () => {
    const where = {
      stateDir: path.join(tempDir('cacs-state-'), 'state'),
      stateUrl: pg.url(db),
      stateSchema: pg.schema(),
    };
    return {
      open: () => openStateStore(where),
      child: {
        module: pathToFileURL(path.join(ROOT, 'dist', 'state', 'index.js')).href,
        arg: where,
      },
      cleanup: async () => {
        await pg.query(`DROP SCHEMA IF EXISTS ${where.stateSchema} CASCADE`, [], db);
      },
    };
  });
});
