/**
 * The sending pass reads a CSV input again, checking every block against the preflight's
 * read: what is sent is exactly what was validated, and a file that changes in between stops
 * the import. Inputs the fast reader does not take are spooled instead.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  emulatorPool,
  importEnv,
  phoneOf,
  processedPhones,
  write,
  type Summary,
} from '../helpers/import.js';
import { startScriptedServer, type Script } from '../helpers/servers.js';
import { CacsClient } from '../../src/api/client.js';
import { DEFAULT_PHONE_PATTERN } from '../../src/api/spec.js';
import { runImport } from '../../src/delivery/import.js';

const emulators = emulatorPool();

/** A CSV of `rows` leads, about 60 bytes a row (20,000 rows: over four 256 KB blocks). */
function bigCsv(rows: number): string {
  let text = 'phone,name,address\n';
  for (let i = 0; i < rows; i++) text += `${phoneOf(i)},Nguyễn Văn ${i},"${i} Lê Lợi, Quận 1"\n`;
  return text;
}

/**
 * Import `file` in batches of 100, one at a time, against a service that calls `onFirst` when
 * the first batch arrives (to change the file under cacs) and answers it with HTTP 500 when
 * that returns 'fail'; every other batch is accepted. Returns the run and the phones accepted.
 */
async function importAgainst(
  dir: string,
  file: string,
  onFirst: () => 'fail' | 'accept',
  args: string[] = [],
) {
  const received: string[] = [];
  let calls = 0;
  const answer: Script = (_req, res, body) => {
    const leads = (JSON.parse(body) as { data: Array<{ phone_number: string }> }).data;
    if (calls++ === 0 && onFirst() === 'fail') {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>500 Internal Server Error</h1>');
      return;
    }
    received.push(...leads.map((l) => l.phone_number));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        result: 'success',
        message: `${leads.length}/${leads.length} leads were imported`,
      }),
    );
  };
  const server = await startScriptedServer([answer]);
  try {
    const r = await runCli(
      ['import', file, '--batch-size', '100', '--concurrency', '1', '--json', ...args],
      { cwd: dir, env: importEnv(server) },
    );
    return { ...r, received, summary: JSON.parse(r.stdout) as Summary };
  } finally {
    await server.close();
  }
}

const uncertainRows = (dir: string, name: string) =>
  fs.readFileSync(path.join(dir, name), 'utf8').trim().split('\n').slice(1);

describe('the sending pass reads the input again', () => {
  it('stops when the file changes after the preflight: exit 1, only checked bytes sent', async () => {
    const dir = tempDir();
    const rows = 20_000;
    const file = write(dir, 'leads.csv', bigCsv(rows));
    // Someone rewrites the end of the file while cacs is sending the beginning.
    const r = await importAgainst(dir, file, () => {
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, text.replace(`Nguyễn Văn ${rows - 1},`, `Nguyễn Văn X${rows},`));
      return 'accept';
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`stopped: ${file} changed while it was being imported, after`);
    expect(r.stderr).toContain('Import the file again once it is complete');
    expect(r.summary.exitCode).toBe(1);
    expect(r.summary.imported).toBe(r.received.length);
    expect(r.summary.notSent).toBe(rows - r.received.length);
    // Sent: a prefix of the file as the preflight saw it, each lead once.
    expect(r.received.length).toBeGreaterThan(0);
    expect(r.received.length).toBeLessThan(rows);
    expect(r.received).toEqual(Array.from({ length: r.received.length }, (_, i) => phoneOf(i)));
  });

  it('the same for a file csv-parse reads (windows-1258): its second read is checked too', async () => {
    const dir = tempDir();
    const rows = 20_000;
    const file = write(dir, 'leads.csv', iconv.encode(bigCsv(rows), 'windows-1258'));
    const r = await importAgainst(
      dir,
      file,
      () => {
        const text = iconv.decode(fs.readFileSync(file), 'windows-1258');
        fs.writeFileSync(
          file,
          iconv.encode(text.replace(`Văn ${rows - 1},`, `Văn X${rows},`), 'windows-1258'),
        );
        return 'accept';
      },
      ['--encoding', 'windows-1258'],
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`stopped: ${file} changed while it was being imported, after`);
    expect(r.received.length).toBeGreaterThan(0);
    expect(r.received.length).toBeLessThan(rows);
    expect(r.received).toEqual(Array.from({ length: r.received.length }, (_, i) => phoneOf(i)));
  });

  it('lists uncertain leads with the values that were sent, not the changed file’s', async () => {
    const dir = tempDir();
    const rows = 20_000;
    const file = write(dir, 'leads.csv', bigCsv(rows));
    // The first batch gets no definite answer; meanwhile the file is rewritten, its first row
    // (already checked and sent) and its last (not read yet) both changed.
    const r = await importAgainst(dir, file, () => {
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(
        file,
        text
          .replace(`${phoneOf(0)},Nguyễn Văn 0,`, `${phoneOf(99_999)},Nguyễn Văn 0,`)
          .replace(`Nguyễn Văn ${rows - 1},`, `Nguyễn Văn X${rows},`),
      );
      return 'fail';
    });
    expect(r.code).toBe(1);
    expect(r.summary.uncertain).toBe(100);
    const uncertain = uncertainRows(dir, 'leads.csv.uncertain.csv');
    expect(uncertain).toHaveLength(100);
    expect(uncertain[0]).toMatch(new RegExp(`^2,uncertain,.*,${phoneOf(0)},Nguyễn Văn 0,`));
    expect(uncertain[99]).toMatch(new RegExp(`^101,uncertain,.*,${phoneOf(99)},Nguyễn Văn 99,`));
  });

  it('a spooled input that vanishes mid-import: uncertain leads still listed, lines and reasons', async () => {
    const dir = tempDir();
    const leads = Array.from({ length: 300 }, (_, i) => ({ phone: phoneOf(i), name: `An ${i}` }));
    const file = write(dir, 'leads.json', JSON.stringify(leads));
    const r = await importAgainst(dir, file, () => {
      fs.rmSync(file);
      return 'fail';
    });
    expect(r.code).toBe(5);
    expect(r.summary.uncertain).toBe(100);
    const uncertain = uncertainRows(dir, 'leads.json.uncertain.csv');
    expect(uncertain).toHaveLength(100);
    expect(uncertain[0]).toMatch(
      /^1,uncertain,".*could not be read back: ENOENT.*leads\.json'\)",,$/,
    );
  });

  it('a spooled input changed after its preflight: uncertain leads listed without its new values', async () => {
    const dir = tempDir();
    const leads = Array.from({ length: 300 }, (_, i) => ({ phone: phoneOf(i), name: `An ${i}` }));
    const file = write(dir, 'leads.json', JSON.stringify(leads));
    const r = await importAgainst(dir, file, () => {
      leads[0]!.name = 'Someone else';
      fs.writeFileSync(file, JSON.stringify(leads));
      return 'fail';
    });
    // The spool holds what was validated: the rest is sent from it.
    expect(r.code).toBe(5);
    expect(r.received).toEqual(Array.from({ length: 200 }, (_, i) => phoneOf(i + 100)));
    const uncertain = uncertainRows(dir, 'leads.json.uncertain.csv');
    expect(uncertain).toHaveLength(100);
    for (const row of uncertain) {
      expect(row).toMatch(
        /^\d+,uncertain,".*its values are not listed: the input changed after it was read\)",,$/,
      );
    }
    expect(uncertain.join('\n')).not.toContain('Someone else');
  });

  it('a spooled input that changes during its preflight: exit 1, nothing sent, no rejects file', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const leads = Array.from({ length: 300 }, (_, i) => ({ phone: phoneOf(i), name: `An ${i}` }));
    const file = write(dir, 'leads.json', JSON.stringify([...leads, { phone: '12', name: 'bad' }]));
    let changed = false;
    const run = runImport({
      file,
      displayName: 'leads.json',
      campaignKey: 'summer',
      map: {},
      ignoreUnmapped: false,
      batchSize: 100,
      concurrency: 1,
      dryRun: false,
      dedupe: true,
      normalize: true,
      phonePattern: DEFAULT_PHONE_PATTERN,
      retryUncertain: false,
      cwd: dir,
      signal: new AbortController().signal,
      client: new CacsClient({ baseUrl: new URL(emu.url), token: emu.token }),
      onPhase: (p) => {
        // The last progress call comes once every row is read: the export grows meanwhile.
        if (p.phase !== 'preflight' || changed) return;
        changed = true;
        fs.appendFileSync(file, ' ');
      },
    });
    await expect(run).rejects.toMatchObject({
      exitCode: 1,
      message: 'leads.json changed while cacs was reading it: nothing was sent',
    });
    expect(changed).toBe(true);
    expect(emu.store.importRequests).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['leads.json']);
  });

  it('sends the leads of an unchanged file once each, in order', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const rows = 20_000;
    const file = write(dir, 'leads.csv', bigCsv(rows));
    const r = await runCli(['import', file, '--batch-size', '500', '--json'], {
      cwd: dir,
      env: importEnv(emu),
    });
    expect(r.code).toBe(0);
    expect(processedPhones(emu).sort()).toEqual(
      Array.from({ length: rows }, (_, i) => phoneOf(i)).sort(),
    );
  });

  it('spools what the fast reader hands to csv-parse (old Mac line ends) and sends it all', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const text = bigCsv(3000).replaceAll('\n', '\r');
    const file = write(dir, 'mac.csv', text);
    const r = await runCli(['import', file, '--json'], { cwd: dir, env: importEnv(emu) });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Summary).imported).toBe(3000);
    expect(processedPhones(emu)).toHaveLength(3000);
    expect(fs.readdirSync(dir)).toEqual([path.basename(file)]);
  });
});
