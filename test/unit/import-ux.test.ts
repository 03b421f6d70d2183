/**
 * Issue 18, as an operator sees `cacs import`: the progress line on a terminal (clock, TTY and
 * width injected through the context), -q in a cron log, and the summary's small lies. Over
 * real HTTP against the emulator, or a purpose-built server where a fault is needed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/api/spec.js';
import { readHistory } from '../../src/state/file/history.js';
import { replayJournal, resumeNote, type JournalRecord } from '../../src/state/file/journal.js';
import { formatSize } from '../../src/text.js';
import { ROOT, frames, isolatedEnv, runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, phoneOf, write } from '../helpers/import.js';
import { json, startScriptedServer, type Script } from '../helpers/servers.js';

const emulators = emulatorPool();

/** A CSV of n valid leads (distinct phones). */
function leadsCsv(n: number, from = 0): string {
  const rows = ['phone_number,name'];
  for (let i = 0; i < n; i++) rows.push(`${phoneOf(from + i)},Lead ${from + i}`);
  return `${rows.join('\n')}\n`;
}

/** A clock the test moves (ms since the epoch). */
function testClock(start = Date.UTC(2026, 10, 23, 3, 0, 0)) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

/** The first frame drawn for each count of leads sent, by that count. */
function firstSendingFrames(stderr: string): Map<number, string> {
  const first = new Map<number, string>();
  for (const f of frames(stderr)) {
    const m = /^Importing ([\d,]+)\//.exec(f);
    if (!m) continue;
    const sent = Number(m[1]!.replace(/,/g, ''));
    if (!first.has(sent)) first.set(sent, f);
  }
  return first;
}

describe('the progress line', () => {
  it('shows — at first, then the rate over real sending time; a stall lowers it', async () => {
    const clock = testClock();
    // Each answer comes 1 s after the last (on the injected clock); the 7th after 20 s.
    let imports = 0;
    const emu = await emulators.start({
      onRequest: (line) => {
        if (!line.startsWith('POST')) return;
        imports++;
        clock.advance(imports === 7 ? 20_000 : 1000);
      },
    });
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(100));
    const r = await runCli(['import', file, '--batch-size', '10', '--concurrency', '1'], {
      env: importEnv(emu),
      cwd: dir,
      tty: true,
      terminal: true,
      columns: 120,
      now: clock.now,
    });
    expect(r.code).toBe(0);
    const first = firstSendingFrames(r.stderr);
    // Sending starts: nothing to say yet; after one batch (1 s) still nothing.
    expect(first.get(0)).toBe('Importing 0/100 leads (0%) · — leads/s · ETA —');
    expect(first.get(10)).toBe('Importing 10/100 leads (10%) · — leads/s · ETA —');
    // 2 s and 2 batches: 10 leads/s, steady.
    expect(first.get(20)).toBe('Importing 20/100 leads (20%) · 10 leads/s · ETA 8 s');
    expect(first.get(60)).toBe('Importing 60/100 leads (60%) · 10 leads/s · ETA 4 s');
    // The 7th answer took 20 s: 20 leads over the 21 s since the 5th answer.
    expect(first.get(70)).toBe('Importing 70/100 leads (70%) · 1.0 leads/s · ETA 32 s');
    // The preflight's time (the clock did not move) is not sending time, and the first frames
    // never claim a rate.
    for (const f of frames(r.stderr).filter((x) => x.startsWith('Importing')))
      expect(f).not.toMatch(/[\d,]{4,} leads\/s/);
  });

  it('a resumed run counts only what it sends; every frame fits a 60-column terminal', async () => {
    // A service that takes 4 batches, then refuses the 5th as a whole, then takes everything;
    // each answer 1 s after the last on the injected clock.
    const clock = testClock();
    const ok: Script = (req, res, body) => {
      clock.advance(1000);
      const n = (JSON.parse(body) as { data: unknown[] }).data.length;
      json(200, { result: 'success', message: messages.imported(n, n) })(req, res, body);
    };
    const refuse = json(400, {
      result: 'error',
      message: messages.headerMismatch('access_token'),
    });
    const server = await startScriptedServer([ok, ok, ok, ok, refuse, ok]);
    try {
      const dir = tempDir();
      const file = write(dir, 'leads.csv', leadsCsv(10_000));
      const env = importEnv(server);
      // --allow-repeat: the campaign's ledger holds nothing back, so only the journal says
      // which leads the first run settled.
      const args = ['import', file, '--batch-size', '500', '--concurrency', '1', '--allow-repeat'];
      const term = { env, cwd: dir, tty: true, terminal: true, now: clock.now } as const;
      const first = await runCli(args, { ...term, columns: 60 });
      expect(first.code).toBe(4);
      const drawn = frames(first.stderr).filter((x) => /^(Importing|Checking|\d)/.test(x));
      expect(drawn.length).toBeGreaterThan(4);
      for (const f of drawn) expect(f.length).toBeLessThanOrEqual(57);
      expect(frames(first.stderr)).toContain('Importing 500/10,000 leads (5%) · — leads/s · ETA —');
      // 59 characters: the word goes first.
      expect(frames(first.stderr)).toContain('1,000/10,000 (10%) · 500 leads/s · ETA 18 s');
      // The rerun has 8,000 to send, not 10,000.
      const r = await runCli(args, { ...term, columns: 120 });
      expect(r.code).toBe(0);
      const sent = firstSendingFrames(r.stderr);
      expect([...sent.keys()]).toEqual(Array.from({ length: 17 }, (_, i) => i * 500));
      expect(sent.get(0)).toBe('Importing 0/8,000 leads (0%) · — leads/s · ETA —');
      expect(sent.get(4000)).toBe('Importing 4,000/8,000 leads (50%) · 500 leads/s · ETA 8 s');
      expect(sent.get(8000)).toBe('Importing 8,000/8,000 leads (100%) · 500 leads/s · ETA 0 s');
      expect(r.stderr).toMatch(
        // The time on the timezone setting's clock (default: the service's), named; a line
        // longer than the terminal is broken at a space.
        /resuming: an earlier run of this file \(started \d{4}-\d\d-\d\d \d\d:\d\d Asia\/Ho_Chi_Minh\) imported 2,000 leads; those are not\s+sent again\n/,
      );
    } finally {
      await server.close();
    }
  });

  it('the preflight shows % of a file and an ETA; stdin shows what came, no %', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    // About 1.3 MB: the reader reports every 32 KB.
    const file = write(dir, 'big.csv', leadsCsv(40_000));
    // A clock that moves 250 ms each time it is read: the preflight takes "seconds".
    let t = Date.UTC(2026, 10, 23, 3, 0, 0);
    const now = () => new Date((t += 250));
    const r = await runCli(['import', file, '--dry-run'], {
      env: importEnv(emu),
      cwd: dir,
      tty: true,
      terminal: true,
      columns: 120,
      now,
    });
    expect(r.code).toBe(0);
    const checking = frames(r.stderr).filter((f) => f.startsWith('Checking every row'));
    expect(checking.length).toBeGreaterThan(5);
    const size = formatSize(fs.statSync(file).size);
    expect(checking[0]).toMatch(
      new RegExp(`^Checking every row: [\\d,]+ read \\(\\d+% of ${size}\\) · ETA —$`),
    );
    expect(checking.some((f) => new RegExp(`\\(\\d+% of ${size}\\) · ETA \\d+ s$`).test(f))).toBe(
      true,
    );

    const csv = leadsCsv(2000);
    const s = await runCli(['import', '-', '--dry-run'], {
      env: importEnv(emu),
      cwd: dir,
      tty: true,
      terminal: true,
      columns: 120,
      stdin: csv,
      now,
    });
    expect(s.code).toBe(0);
    const reading = frames(s.stderr).filter((f) => f.startsWith('Reading stdin'));
    expect(reading).toContain(`Reading stdin: ${(csv.length / 1000).toFixed(1)} kB so far…`);
    for (const f of reading) expect(f).not.toContain('%');
  });
});

describe('a terminal that reports no width (a pseudo-terminal whose size was never set)', () => {
  it('no spinner: ora, told 0 columns, cleared lines without end (review, session 18)', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(50));
    // COLUMNS says 60, the stream itself 0 (as under `script` with no terminal around it).
    const r = await runCli(['import', file, '--batch-size', '10'], {
      env: importEnv(emu),
      cwd: dir,
      tty: true,
      terminal: true,
      columns: 60,
      streamColumns: 0,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('\u001b[1A');
    expect(r.stderr.length).toBeLessThan(5000);
    expect(r.stderr).toContain('imported');
  });
});

describe('-q in a cron log', () => {
  const quietRun = async (csv: string, extra: string[] = [], emuOpts = {}) => {
    const emu = await emulators.start(emuOpts);
    const dir = tempDir();
    const file = write(dir, 'q.csv', csv);
    const r = await runCli(['-q', 'import', file, ...extra], { env: importEnv(emu), cwd: dir });
    return { ...r, dir, file };
  };

  it('says where the rejected rows went, and nothing else', async () => {
    const r = await quietRun('phone_number,name\n0912345678,An\n12345,Bad\nabc,Worse\n');
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `warning: 2 rows rejected (phone_format 1 · phone_letters 1): see ${path.join(r.dir, 'q.csv.rejects.csv')}\n`,
    );
  });

  it('says where the held-back rows went (duplicates), with exit 0', async () => {
    const r = await quietRun('phone_number,name\n0912345678,An\n0912345678,An again\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `warning: 1 row not sent by design (duplicate 1): see ${path.join(r.dir, 'q.csv.skipped.csv')}\n`,
    );
  });

  it('says why the exit code is 3 when the service skipped leads', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const env = importEnv(emu);
    await runCli(['import', write(dir, 'a.csv', leadsCsv(3))], { env, cwd: dir });
    // Another state folder: no ledger holds them back, the service has them.
    const other = importEnv(emu);
    const r = await runCli(['-q', 'import', write(dir, 'b.csv', leadsCsv(3))], {
      env: other,
      cwd: dir,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'warning: the service skipped 3 leads it was sent (counted, not imported)\n',
    );
  });

  it('names the uncertain list', async () => {
    const r = await quietRun(leadsCsv(3), [], { faults: { dropAfterRate: 1 } });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`list: ${path.join(r.dir, 'q.csv.uncertain.csv')}`);
    expect(r.stderr).not.toMatch(/rows read|leads\/s/);
  });

  it('no valid lead: names the input, the rejects file and the phone column', async () => {
    const r = await quietRun('Số điện thoại,name\n12,A\nabc,B\n');
    expect(r.code).toBe(2); // every row rejected: 2, not 3 (issue 22 item 6)
    expect(r.stderr).toBe(
      `warning: no valid lead in ${r.file}: nothing was sent. All 2 rows are in ${path.join(r.dir, 'q.csv.rejects.csv')} with the reason (phone_format 1 · phone_letters 1); check the phone column ("Số điện thoại").\n`,
    );
  });
});

describe('the uncertain list of an earlier run, its leads uncertain still (operator walk, session 22)', () => {
  it('a plain rerun that sends the rest keeps it (the reconcile advice and history name it)', async () => {
    const impossible = json(200, { result: 'success', message: '-2/2 leads were imported' });
    const refuse = json(400, { result: 'error', message: messages.headerMismatch('access_token') });
    const ok: Script = (req, res, body) => {
      const n = (JSON.parse(body) as { data: unknown[] }).data.length;
      json(200, { result: 'success', message: messages.imported(n, n) })(req, res, body);
    };
    const server = await startScriptedServer([impossible, refuse, ok]);
    try {
      const dir = tempDir();
      const file = write(dir, 'leads.csv', leadsCsv(4));
      const env = importEnv(server);
      const args = ['import', file, '--batch-size', '2', '--concurrency', '1'];
      const first = await runCli(args, { env, cwd: dir });
      expect(first.code, first.stderr).toBe(4);
      const list = path.join(dir, 'leads.csv.uncertain.csv');
      const rows = fs.readFileSync(list, 'utf8');
      expect(rows.split('\n').filter((l) => l.includes(',uncertain,'))).toHaveLength(2);
      // The rerun sends the two not sent, holds back the two uncertain: 5, the list kept.
      const rerun = await runCli([...args, '--json'], { env, cwd: dir });
      expect(rerun.code, rerun.stderr).toBe(5);
      expect(JSON.parse(rerun.stdout)).toMatchObject({ imported: 2, uncertainEarlier: 2 });
      expect(rerun.stderr).not.toContain('no lead of this run is uncertain');
      expect(fs.readFileSync(list, 'utf8')).toBe(rows);
    } finally {
      await server.close();
    }
  });
});

describe('the summary says nothing it cannot stand behind', () => {
  it('no rate for a short run, no "0 requests", no batches of nothing', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(11));
    const env = importEnv(emu);
    const r = await runCli(['import', file], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\n {2}\d+ ms · 1 request\n/);
    expect(r.stderr).not.toMatch(/\/s\b/);
    // Rerun: nothing is sent, and the summary does not say "0 requests" or a rate of 0.
    const again = await runCli(['import', file], { env, cwd: dir });
    expect(again.stderr).toMatch(/\n {2}\d+ ms\n/);
    const dry = await runCli(['import', write(dir, 'bad.csv', 'phone_number\n12\n'), '--dry-run'], {
      env: isolatedEnv(),
      cwd: dir,
    });
    expect(dry.stderr).toMatch(/ {2}would be sent {16}0\n/);
    expect(dry.stderr).not.toMatch(/rows\/s|0 batches/);
  });

  it('on a 60-column terminal every line fits; in a pipe or a log, lines stay whole', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    fs.copyFileSync(path.join(ROOT, 'examples', 'leads.csv'), path.join(dir, 'leads.csv'));
    const env = importEnv(emu);
    const tty = await runCli(['import', 'leads.csv'], { env, cwd: dir, tty: true, columns: 60 });
    expect(tty.code).toBe(3);
    // What follows the progress line (the summary, then the notes), colours taken off.
    const after = (stderr: string) => {
      const plain = stderr.replace(/\u001b\[[0-9;]*m/g, '');
      return plain.slice(plain.indexOf('leads.csv → campaign')).split('\n');
    };
    // A line fits, or it is a path alone on its line (a path is not broken; how long it is
    // depends on TMPDIR, which may be a long path).
    const fitting = (ls: string[]) => ls.filter((l) => !(/^ +\S+$/.test(l) && l.includes(dir)));
    const lines = after(tty.stderr);
    for (const l of fitting(lines)) expect(l.length, l).toBeLessThanOrEqual(59);
    expect(lines).toContain('    phone_letters 1 · phone_excel_precision 1 ·');
    // Again: nothing sent; the warning is broken at spaces, commands kept whole.
    const again = await runCli(['import', 'leads.csv'], { env, cwd: dir, tty: true, columns: 60 });
    const warning = after(again.stderr);
    for (const l of fitting(warning)) expect(l.length, l).toBeLessThanOrEqual(59);
    expect(warning.some((l) => /^ {2}(.* )?cacs history find 0912345678[,.]/.test(l))).toBe(true);
    // Off a terminal: one line per row, whatever the width.
    const piped = await runCli(['import', 'leads.csv', '--allow-repeat', '--restart'], {
      env,
      cwd: dir,
      columns: 60,
    });
    expect(piped.stderr).toContain(
      '  rejected                     4   phone_letters 1 · phone_excel_precision 1 · phone_missing 1 · phone_format 1\n',
    );
  });

  it('"not sent" says to fix a refusal first, and just to rerun when the service was unreachable', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(4));
    const refused = await runCli(['import', file, '--batch-size', '2', '--concurrency', '1'], {
      env: { ...importEnv(emu), CACS_ACCESS_TOKEN: 'not-the-token' },
      cwd: dir,
    });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(
      '  not sent                     4   the run stopped early; fix what is said below, then run the same command again\n',
    );
    expect(refused.stderr).toMatch(/error: stopped: the service refused the access token/);
    // A service that cannot be reached: the same command again is the advice.
    await emu.close();
    const gone = await runCli(['import', file, '--batch-size', '2', '--concurrency', '1'], {
      env: importEnv(emu),
      cwd: dir,
    });
    expect(gone.code, gone.stderr).toBe(1);
    expect(gone.stderr).toContain(
      '  not sent                     4   the run stopped early; run the same command again to send them\n',
    );
    // Said once, not twice.
    expect(gone.stderr).toMatch(
      /\nNothing more was sent\. Check the service address and your network, then run the same command again\.\n$/,
    );
  });

  it('a run long enough shows its rate', async () => {
    // The run's clock is the test's: the one import request takes 2.1 s on it, whatever the
    // machine's load (the real speed is bench/'s business).
    const clock = testClock();
    const emu = await emulators.start({
      onRequest: (line) => {
        if (line.startsWith('POST')) clock.advance(2100);
      },
    });
    const dir = tempDir();
    const env = importEnv(emu);
    const r = await runCli(['import', write(dir, 'leads.csv', leadsCsv(11))], {
      env,
      cwd: dir,
      now: clock.now,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\n {2}2\.1 s · 1 request · 5 leads\/s\n/);
    // The history's start and end come from the same clock.
    const [run] = readHistory(env.CACS_STATE_DIR!);
    expect(run?.started).toBe('2026-11-23T03:00:00.000Z');
    expect(run?.end?.ended).toBe('2026-11-23T03:00:02.100Z');
  });

  it('the dry run samples normalisations only from rows that pass, and samples rejections', async () => {
    const dir = tempDir();
    const file = write(
      dir,
      'leads.csv',
      [
        'phone_number,name',
        '+84 91 234 56,Normalised then too short', // line 2: rejected after normalising
        '0912.345.678,Normalised and valid', // line 3
        '0912abc678,Letters', // line 4
        ',Empty', // line 5
        '84 913 572 468,Valid', // line 6
      ].join('\n'),
    );
    const r = await runCli(['import', file, '--dry-run'], { env: isolatedEnv(), cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      [
        '  normalisations, for example:',
        '    line 3: phone_number "0912.345.678" → 0912345678',
        '    line 6: phone_number "84 913 572 468" → 0913572468',
        '  rejections, for example:',
        '    line 2 (phone_format): ',
      ].join('\n'),
    );
    expect(r.stderr).toContain(
      '    line 4 (phone_letters): phone_number "0912abc678" has letters\n',
    );
    expect(r.stderr).toContain('    line 5 (phone_missing): phone_number is empty\n');
    expect(r.stderr).not.toMatch(/line 2: phone_number/);
  });

  it('after an emulator restart without --state: says the ledger holds the leads, and how to check', async () => {
    const first = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(10));
    const env = importEnv(first);
    expect((await runCli(['import', file], { env, cwd: dir })).code).toBe(0);
    // The emulator restarts on the same address and has lost everything.
    const port = first.port;
    await emulators.stop(first);
    const second = await emulators.start({ port });
    const again = await runCli(['import', file], { env, cwd: dir });
    expect(again.code).toBe(0);
    expect(second.store.importRequests).toBe(0);
    expect(again.stderr).toMatch(
      new RegExp(
        `warning: nothing was sent: the campaign's ledger says these 10 leads were already imported into summer at http://127\\.0\\.0\\.1:${port} on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d Asia/Ho_Chi_Minh \\(run r[\\d-]+-[0-9a-f]+\\)\\. If the service lost them \\(an emulator restarted without --state, say\\), check with cacs history find ${phoneOf(0)}, then rerun with --restart --allow-repeat\\.\\n`,
      ),
    );
    expect(again.stderr).not.toContain('no valid lead');
    // The advice works: history knows the lead, --allow-repeat sends them.
    const found = await runCli(['history', 'find', phoneOf(0)], { env, cwd: dir });
    expect(found.stdout).toContain('accepted');
    const repeat = await runCli(['import', file, '--restart', '--allow-repeat'], { env, cwd: dir });
    expect(repeat.code).toBe(0);
    expect(second.store.importRequests).toBe(1);
  });

  it('--retry-uncertain with no uncertain lead left: says so, without the advice to send all again', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(10));
    const env = importEnv(emu);
    expect((await runCli(['import', file], { env, cwd: dir })).code).toBe(0);
    // What an operator runs after cacs reconcile settled the uncertain ones (the README order).
    const again = await runCli(['import', file, '--retry-uncertain'], { env, cwd: dir });
    expect(again.code).toBe(0);
    expect(emu.store.importRequests).toBe(1);
    expect(again.stderr).toMatch(
      /\nnothing was sent: no uncertain lead was left to send again; the campaign's ledger says these 10 leads were already imported into summer at http:\/\/127\.0\.0\.1:\d+ on [^(]+\(run r[\d-]+-[0-9a-f]+\)\.\n/,
    );
    expect(again.stderr).not.toContain('warning:');
    expect(again.stderr).not.toContain('--allow-repeat');
    // In Vietnamese too.
    const vi = await runCli(['import', file, '--retry-uncertain', '--lang', 'vi'], {
      env,
      cwd: dir,
    });
    expect(vi.stderr).toContain('không gửi gì: không còn khách hàng chưa rõ nào để gửi lại; ');
    expect(vi.stderr).not.toContain('--allow-repeat');
    // A note: -q leaves it out (nothing is wrong); --json has the counts.
    const quiet = await runCli(['import', file, '--retry-uncertain', '-q'], { env, cwd: dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('nothing was sent');
    // With --allow-repeat the operator means to send again: the journal holds them back, and
    // the advice says how (--restart), as without --retry-uncertain.
    const repeat = await runCli(['import', file, '--retry-uncertain', '--allow-repeat'], {
      env,
      cwd: dir,
    });
    expect(repeat.code).toBe(0);
    expect(emu.store.importRequests).toBe(1);
    expect(repeat.stderr).toMatch(
      /warning: nothing was sent: this file's journal says these 10 leads were already sent to .* then rerun with --restart\.\n/,
    );
    expect(repeat.stderr).not.toContain('no uncertain lead was left');
  });

  it('one lead held back is "this lead", not "these 1 lead" (en, vi)', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'one.csv', leadsCsv(1));
    const env = importEnv(emu);
    expect((await runCli(['import', file], { env, cwd: dir })).code).toBe(0);
    const again = await runCli(['import', file], { env, cwd: dir });
    expect(again.stderr).toContain("nothing was sent: the campaign's ledger says this lead was");
    expect(again.stderr).not.toMatch(/these 1 lead/);
    const vi = await runCli(['import', file, '--lang', 'vi'], { env, cwd: dir });
    expect(vi.stderr).toContain('sổ ghi của chiến dịch cho biết khách hàng này đã được nhập');
    expect(vi.stderr).not.toContain('1 khách hàng này');
    // The journal's wording: the ledger let through (--allow-repeat), the journal holds it.
    const repeat = ['import', file, '--allow-repeat'];
    expect((await runCli(repeat, { env, cwd: dir })).code).toBe(0);
    const journal = await runCli(repeat, { env, cwd: dir });
    expect(journal.stderr).toContain("nothing was sent: this file's journal says this lead was");
    const journalVi = await runCli([...repeat, '--lang', 'vi'], { env, cwd: dir });
    expect(journalVi.stderr).toContain('nhật ký của tệp này cho biết khách hàng này đã được gửi');
  });

  it('when the journal is what holds them back, it says so and points to --restart', async () => {
    const emu = await emulators.start();
    const dir = tempDir();
    const file = write(dir, 'leads.csv', leadsCsv(10));
    const env = importEnv(emu);
    const args = ['import', file, '--allow-repeat'];
    expect((await runCli(args, { env, cwd: dir })).code).toBe(0);
    const again = await runCli(args, { env, cwd: dir });
    expect(again.code).toBe(0);
    expect(emu.store.importRequests).toBe(1);
    expect(again.stderr).toMatch(
      /warning: nothing was sent: this file's journal says these 10 leads were already sent to http:\/\/127\.0\.0\.1:\d+ by a run started \d{4}-\d\d-\d\d \d\d:\d\d Asia\/Ho_Chi_Minh\. If the service lost them \(an emulator restarted without --state, say\), check with cacs history find 0910000000, then rerun with --restart\.\n/,
    );
    // Some, not all: a note, not a warning.
    const more = write(dir, 'more.csv', leadsCsv(12));
    const partly = await runCli(['import', more], { env, cwd: dir });
    expect(partly.code).toBe(0);
    expect(partly.stderr).toMatch(
      /\nthe campaign's ledger says 10 leads were already imported into summer at http:\/\/127\.0\.0\.1:\d+ on .*: they were not sent again\. To check one: cacs history find 0910000000\.\n/,
    );
    expect(partly.stderr).not.toContain('warning:');
    expect(fs.existsSync(path.join(dir, 'more.csv.skipped.csv'))).toBe(true);
  });
});

describe('the resuming note', () => {
  const header = {
    k: 'h',
    v: 1,
    created: '2026-11-23T03:04:00.000Z',
    input: 'leads.csv',
    inputHash: 'x',
    campaign: 'summer',
    baseUrl: 'http://127.0.0.1:8787',
    fingerprint: {},
  } as const;
  const note = (records: JournalRecord[]) => resumeNote(replayJournal([header, ...records]));

  it('says nothing when the earlier run settled nothing (all refused as a whole)', () => {
    expect(
      note([
        { k: 'b', id: 1, lines: [[2, 10]] },
        { k: 'f', id: 1, s: 'failed', reason: 'the token was refused' },
      ]),
    ).toBeUndefined();
  });

  it('never says "imported 0 leads": only what the earlier run did', () => {
    const inFlight = note([{ k: 'b', id: 1, lines: [[2, 10]] }]);
    expect(inFlight).toMatch(
      /^resuming: an earlier run of this file \(started [^)]+\) left 10 uncertain \(10 in flight when it stopped\); those are not sent again$/,
    );
    expect(inFlight).not.toContain('imported');
    expect(
      note([
        { k: 'b', id: 1, lines: [[2, 10]] },
        { k: 'f', id: 1, s: 'done', imported: 0, skipped: 10 },
        { k: 'b', id: 2, lines: [[12, 1]] },
        { k: 'f', id: 2, s: 'rejected', code: 'service_wrong_format', reason: 'no' },
      ]),
    ).toMatch(
      /\) sent 10 leads \(the service skipped them all\) and had 1 refused by the service; those are not sent again$/,
    );
    expect(
      note([
        { k: 'b', id: 1, lines: [[2, 10]] },
        { k: 'f', id: 1, s: 'done', imported: 10, skipped: 0 },
        { k: 'b', id: 2, lines: [[12, 5]] },
        { k: 'f', id: 2, s: 'uncertain', reason: 'timeout' },
      ]),
    ).toMatch(/\) imported 10 leads and left 5 uncertain; those are not sent again$/);
  });

  it('with --retry-uncertain says the uncertain ones go again; with none uncertain, as before', () => {
    const records: JournalRecord[] = [
      { k: 'b', id: 1, lines: [[2, 10]] },
      { k: 'f', id: 1, s: 'done', imported: 10, skipped: 0 },
      { k: 'b', id: 2, lines: [[12, 5]] },
    ];
    expect(resumeNote(replayJournal([header, ...records]), 'UTC', true)).toMatch(
      /\) imported 10 leads and left 5 uncertain \(5 in flight when it stopped\); the uncertain ones still to send \(not settled since, nor held back now\) are sent again, the others are not$/,
    );
    expect(resumeNote(replayJournal([header, ...records.slice(0, 2)]), 'UTC', true)).toMatch(
      /\) imported 10 leads; those are not sent again$/,
    );
  });
});
