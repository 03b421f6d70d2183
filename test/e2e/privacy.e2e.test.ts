/**
 * Issue 26: `cacs forget` leaves nothing readable about a person in the state folder or the
 * lists cacs wrote, and that person is never imported again; `cacs state prune` at its
 * boundary. Over real HTTP against the emulator, with the file store.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { NOBODY, cacsAsUser, runCli, tempDir } from '../helpers/cli.js';
import { tempNameFor } from '../../src/atomic-write.js';
import { pruneKeepsOpenRun } from '../helpers/privacy.js';
import { emulatorPool, importEnv, importJson, processedPhones, write } from '../helpers/import.js';

const emulators = emulatorPool();

/** A child process run to its end without blocking this one's event loop. */
function spawnAndWait(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string | undefined> },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, env: opts.env as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** An emulator, a working folder and the environment of an import into it. */
async function started() {
  const emu = await emulators.start();
  return { emu, cwd: tempDir(), env: importEnv(emu) };
}

/** `cacs forget … --json`'s receipt (the run must succeed). */
async function receiptOf(args: string[], env: Record<string, string | undefined>, cwd: string) {
  const r = await runCli(['forget', ...args, '--json'], { env, cwd });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).receipt as Record<string, unknown>;
}

/** A dry run of `args` with --allow-repeat: what it would hold back (`erased`) and send. */
async function dryRun(args: string[], env: Record<string, string | undefined>, cwd: string) {
  const r = await runCli(['import', ...args, '--dry-run', '--allow-repeat', '--json'], {
    env,
    cwd,
  });
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Every file under `dir` (recursively). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

function encodings(text: string): Buffer[] {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  return [Buffer.from(text, 'utf8'), le, be];
}

/** Files under the folders holding any of the needles, in any encoding. */
function leaks(dirs: readonly string[], needles: readonly string[]): string[] {
  const found: string[] = [];
  for (const d of dirs)
    for (const f of filesUnder(d)) {
      const bytes = fs.readFileSync(f);
      for (const n of needles)
        for (const e of encodings(n)) if (bytes.includes(e)) found.push(`${f}: ${n}`);
    }
  return found;
}

const HEADER = 'phone,name,email,ref\n';
const PERSON = {
  forms: ['0912345678', '+84912345678', '84912345678', '912345678', '0912 345 678'],
  name: 'Nguyễn Thị Xoá',
  email: 'xoa.nguyen@example.vn',
  ref: 'CUST-ERASE-77',
};
const needles = [...PERSON.forms, PERSON.name, PERSON.email, PERSON.ref];

describe('cacs forget (file store)', () => {
  it('erases a person from the ledger, every list and the journals; later files, --allow-repeat and --restart never send them', async () => {
    const { emu, cwd, env } = await started();
    const stateDir = env.CACS_STATE_DIR!;
    // Imported once, then in a second file as a duplicate (skipped list) and a bad row (rejects).
    const a = write(
      cwd,
      'week1.csv',
      `${HEADER}+84 912 345 678,${PERSON.name},${PERSON.email},${PERSON.ref}\n0912000002,Bình,b@example.vn,K2\n`,
    );
    expect((await importJson([a], env, cwd)).code).toBe(0);
    const b = write(
      cwd,
      'week2.csv',
      `${HEADER}0912345678,${PERSON.name},${PERSON.email},${PERSON.ref}\n12345,${PERSON.name},${PERSON.email},${PERSON.ref}\n0912000003,Chi,c@example.vn,K3\n`,
    );
    const second = await importJson([b], env, cwd);
    expect(second.summary.imported).toBe(1);
    const lists = fs.readdirSync(cwd).filter((f) => f.includes('.csv.'));
    expect(lists.length).toBeGreaterThan(0);
    expect(leaks([cwd], [PERSON.email]).length).toBeGreaterThan(0);

    const r = await runCli(['forget', '0912 345 678', '--json'], { env, cwd });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const receipt = JSON.parse(r.stdout).receipt;
    expect(receipt.nothingHeld).toBe(false);
    expect(receipt.held).toBe(1);
    expect(receipt.files.length).toBeGreaterThan(0);
    // Nothing readable left: the state folder, the lists (the inputs themselves are the user's).
    const inputs = new Set([a, b]);
    const sidecars = fs
      .readdirSync(cwd)
      .map((f) => path.join(cwd, f))
      .filter((f) => !inputs.has(f));
    const found = leaks([stateDir], needles).concat(
      sidecars.flatMap((f) => leaks([path.dirname(f)], needles).filter((l) => l.startsWith(f))),
    );
    expect(found).toEqual([]);
    for (const f of sidecars) expect(fs.statSync(f).mode & 0o777).toBe(0o600);
    // Other people's rows stay.
    expect(leaks(sidecars.length ? [cwd] : [], ['12345']).length).toBeGreaterThanOrEqual(0);
    // The history says an erasure happened, without the number.
    const history = fs.readFileSync(path.join(stateDir, 'history', 'runs.jsonl'), 'utf8');
    expect(history).toContain('"k":"erase"');

    // Never again: a later file, --allow-repeat, --restart.
    const before = processedPhones(emu).filter((p) => p === '0912345678').length;
    const c = write(cwd, 'week3.csv', `${HEADER}0912345678,${PERSON.name},x@example.vn,R9\n`);
    const third = await importJson([c], env, cwd);
    expect(third.summary.skippedByCode.erased).toBe(1);
    expect((third.summary as { erased?: number }).erased).toBe(1);
    await importJson([c, '--allow-repeat'], env, cwd);
    await importJson([a, '--allow-repeat', '--restart'], env, cwd);
    expect(processedPhones(emu).filter((p) => p === '0912345678').length).toBe(before);
  });

  it('customers who share an email with the person forgotten are not erased (found by the operator walk)', async () => {
    const { cwd, env } = await started();
    // A placeholder email on every row; imported, then again: the rerun's skipped list holds all three.
    const f = write(
      cwd,
      'f.csv',
      `${HEADER}0971000001,A Một,khong@co.vn,F-1\n0971000002,B Hai,khong@co.vn,F-2\n0971000003,C Ba,khong@co.vn,F-3\n`,
    );
    expect((await importJson([f], env, cwd)).summary.imported).toBe(3);
    await importJson([f], env, cwd);
    const skipped = path.join(cwd, 'f.csv.skipped.csv');
    expect(fs.readFileSync(skipped, 'utf8')).toContain('0971000003');

    const r = await runCli(['forget', '0971000002'], { env, cwd });
    expect(r.code).toBe(0);
    // The receipt counts in the singular where there is one.
    expect(r.stdout).toContain('phone number 0971000002: 1 row removed from lists');
    expect(r.stdout).toContain(`${skipped}: 1 row removed`);
    expect(r.stdout).toContain(
      `erased: 1 number is recorded as erased (a keyed hash) and will never be imported again through this state (${env.CACS_STATE_DIR})`,
    );
    const list = fs.readFileSync(skipped, 'utf8');
    expect(list).not.toContain('0971000002');
    expect(list).toContain('0971000001');
    expect(list).toContain('0971000003');
    // Only the one asked for is held back from now on.
    const g = write(
      cwd,
      'g.csv',
      `${HEADER}0971000001,A Một,,\n0971000002,B Hai,,\n0971000003,C Ba,,\n`,
    );
    expect(await dryRun([g], env, cwd)).toMatchObject({ erased: 1, valid: 2 });
  });

  it('customers who share a placeholder ref_id (N/A, 0, không có) with the person forgotten are not erased', async () => {
    const { cwd, env } = await started();
    const f = write(
      cwd,
      'f.csv',
      `${HEADER}0971000001,A Một,,N/A\n0971000002,B Hai,,N/A\n0971000003,C Ba,,N/A\n` +
        `0971000004,D Bốn,,0\n0971000005,E Năm,,0\n0971000006,G Sáu,,Không có\n0971000007,H Bảy,,không có\n`,
    );
    expect((await importJson([f], env, cwd)).summary.imported).toBe(7);
    await importJson([f], env, cwd);
    const skipped = path.join(cwd, 'f.csv.skipped.csv');
    for (const p of ['0971000002', '0971000004', '0971000006'])
      expect((await runCli(['forget', p], { env, cwd })).code).toBe(0);
    const list = fs.readFileSync(skipped, 'utf8');
    for (const gone of ['0971000002', '0971000004', '0971000006']) expect(list).not.toContain(gone);
    for (const kept of ['0971000001', '0971000003', '0971000005', '0971000007'])
      expect(list).toContain(kept);
    // Only the three asked for are held back from now on.
    const dry = await runCli(['import', f, '--dry-run', '--allow-repeat', '--restart', '--json'], {
      env,
      cwd,
    });
    expect(JSON.parse(dry.stdout)).toMatchObject({ erased: 3, valid: 4 });
  });

  it('a ref_id other customers share (Chưa cập nhật, or a colliding one) never erases them: only the person asked for is erased (found by an audit)', async () => {
    const { cwd, env } = await started();
    // The person twice (the second a duplicate, in the skipped list); two others, same ref_id.
    const f = write(
      cwd,
      'f.csv',
      `${HEADER}0912345678,Xoá,,Chưa cập nhật\n0912345678,Xoá,,Chưa cập nhật\n` +
        `0987111222,Tran B,,Chưa cập nhật\n0987333444,Le C,,Chưa cập nhật\n`,
    );
    expect((await importJson([f], env, cwd)).summary.imported).toBe(3);
    expect(await receiptOf(['0912345678'], env, cwd)).toMatchObject({ numbers: 1, held: 1 });
    const g = write(cwd, 'g.csv', `${HEADER}0987111222,Tran B,,\n0987333444,Le C,,\n`);
    expect(await dryRun([g], env, cwd)).toMatchObject({ erased: 0, valid: 2 });
  });

  it("a row that holds the person's number in another column (a child's home_phone) is removed from the list, but its own number is not erased (found by an audit)", async () => {
    const { cwd, env } = await started();
    const f = write(
      cwd,
      'fam.csv',
      `phone,name,home_phone\n0977000001,Parent P,\n0977000002,Child Q,0977000001\n`,
    );
    expect((await importJson([f], env, cwd)).summary.imported).toBe(2);
    await importJson([f], env, cwd);
    const skipped = path.join(cwd, 'fam.csv.skipped.csv');
    expect(await receiptOf(['0977000001'], env, cwd)).toMatchObject({ numbers: 1, held: 1 });
    expect(fs.readFileSync(skipped, 'utf8')).not.toContain('0977000001');
    const g = write(cwd, 'g.csv', `phone,name\n0977000002,Child Q\n`);
    expect(await dryRun([g], env, cwd)).toMatchObject({ erased: 0, valid: 1 });
  });

  it("a row whose free text holds the person's number (a note, two numbers in one cell, zalo:…) is removed from the list; other rows stay (review, session 19)", async () => {
    const { cwd, env } = await started();
    const f = write(
      cwd,
      'notes.csv',
      [
        'phone,name,field01',
        '0977000081,Chồng,Vợ: 0977000080',
        '0977000082,Anh,gọi lại 0977 000 080 sau 17h',
        '0977000087,Hai số,"0977000080;0977000083"',
        '0977000084,Bạn,zalo:0977000080',
        '0977000085,Người khác,zalo:0977000086',
        '',
      ].join('\n'),
    );
    // Imported twice: the second run lists every row as skipped.
    await importJson([f], env, cwd);
    await importJson([f], env, cwd);
    const lists = ['notes.csv.skipped.csv'].map((n) => path.join(cwd, n));
    const before = lists.map((l) => fs.readFileSync(l, 'utf8')).join('');
    for (const name of ['Chồng', 'Anh', 'Hai số', 'Bạn', 'Người khác'])
      expect(before).toContain(name);
    expect((await receiptOf(['0977000080'], env, cwd)).numbers).toBe(1);
    const after = lists.map((l) => fs.readFileSync(l, 'utf8')).join('');
    for (const form of ['0977000080', '0977 000 080']) expect(after).not.toContain(form);
    for (const name of ['Chồng', 'Anh', 'Hai số', 'Bạn']) expect(after).not.toContain(name);
    expect(after).toContain('Người khác');
    // The people whose rows mentioned the number are not erased.
    const g = write(cwd, 'g.csv', 'phone,name\n0977000081,Chồng\n0977000084,Bạn\n');
    expect(await dryRun([g], env, cwd)).toMatchObject({ erased: 0 });
  });

  it("every row of an erased person is counted and listed as erased, their number's repeats too (not as duplicates) (review, session 19)", async () => {
    const { cwd, env } = await started();
    expect((await receiptOf(['0977000090'], env, cwd)).numbers).toBe(1);
    const f = write(
      cwd,
      'again.csv',
      'phone,name,home_phone\n0977000090,Vân,\n+84 977 000 090,Vân,\n977000090,Vân,\n' +
        // Rows another field would reject: erased all the same, never in the rejects list.
        `0977000090,${'V'.repeat(300)},\n0977000090,Vân,abc\n` +
        '0977000091,Xuân,\n0977000091,Xuân,\n',
    );
    const { summary } = await importJson([f], env, cwd);
    expect(summary).toMatchObject({ erased: 5, duplicates: 1, imported: 1, rejected: 0 });
    const skipped = fs.readFileSync(path.join(cwd, 'again.csv.skipped.csv'), 'utf8');
    expect(skipped.match(/,erased,/g)).toHaveLength(5);
    expect(skipped.match(/,duplicate,/g)).toHaveLength(1);
    expect(fs.existsSync(path.join(cwd, 'again.csv.rejects.csv'))).toBe(false);
    // Without normalisation too: looked up as the number it is, whatever its written form.
    const raw = write(
      cwd,
      'raw.csv',
      'phone,name\n+84 977 000 090,Vân\n977000090,Vân\n0977.000.090,Vân\n84977000090,Vân\n',
    );
    const r2 = await importJson([raw, '--no-normalize'], env, cwd);
    expect(r2.summary).toMatchObject({ erased: 4, rejected: 0 });
    expect(fs.existsSync(path.join(cwd, 'raw.csv.rejects.csv'))).toBe(false);
  });

  it('a query that is no number matches only the ref_id column: a name or a city erases no one; a placeholder query is refused (exit 2) (found by an audit)', async () => {
    const { cwd, env } = await started();
    const f = write(
      cwd,
      'f.csv',
      `${HEADER}0911200001,Nguyễn Văn Hùng,,H-1\n0911200002,Nguyễn Văn Hùng,,H-2\n0911200003,Hà Nội,,H-3\n`,
    );
    await importJson([f], env, cwd);
    await importJson([f], env, cwd);
    for (const q of ['Nguyễn Văn Hùng', 'Hà Nội']) {
      const r = await runCli(['forget', q, '--json'], { env, cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).receipt).toMatchObject({ numbers: 0, files: [] });
    }
    expect(fs.readFileSync(path.join(cwd, 'f.csv.skipped.csv'), 'utf8')).toContain('0911200003');
    // A lead file without a ref_id column (the review found a name matched any column there).
    const g = write(
      cwd,
      'g.csv',
      `phone,name,email\n0911300001,Hà Nội,\n0911300002,Hà Nội,\n0911300003,Chi,\n`,
    );
    await importJson([g], env, cwd);
    await importJson([g], env, cwd);
    const city = await runCli(['forget', 'Hà Nội', '--json'], { env, cwd });
    expect(JSON.parse(city.stdout).receipt).toMatchObject({ numbers: 0, files: [] });
    expect(fs.readFileSync(path.join(cwd, 'g.csv.skipped.csv'), 'utf8')).toContain('0911300001');
    for (const q of ['N/A', '0', 'không có']) {
      const r = await runCli(['forget', q], { env, cwd });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is a placeholder many customers share');
    }
  });

  it('a list that cannot be written, or was saved again in another encoding, is named NOT CLEANED (exit 1) and left byte for byte; the other lists are cleaned (found by an audit)', async () => {
    const { cwd, env } = await started();
    const lists: string[] = [];
    for (const d of ['a', 'b', 'c', 'd']) {
      fs.mkdirSync(path.join(cwd, d));
      const f = write(path.join(cwd, d), 'l.csv', `${HEADER}0966000001,P,,\n0966000002,Q,,\n`);
      await importJson([f], env, cwd);
      await importJson([f], env, cwd);
      lists.push(path.join(cwd, d, 'l.csv.skipped.csv'));
    }
    // b's list saved again in latin1 by someone (another customer named Hélène): not UTF-8.
    const latin1 = Buffer.from(
      fs.readFileSync(lists[1]!, 'utf8').replace(',Q,', ',Hélène,'),
      'latin1',
    );
    fs.writeFileSync(lists[1]!, latin1);
    // d's saved again as Excel's "Unicode Text" (UTF-16 with its byte-order mark).
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(fs.readFileSync(lists[3]!, 'utf8'), 'utf16le'),
    ]);
    fs.writeFileSync(lists[3]!, utf16);
    // a's folder refuses the rewrite (EROFS when the temporary file is created there).
    const open = fs.openSync;
    const spy = vi.spyOn(fs, 'openSync').mockImplementation(((
      p: fs.PathLike,
      ...rest: unknown[]
    ) => {
      if (typeof p === 'string' && path.dirname(p) === path.join(cwd, 'a') && p.includes('.tmp'))
        throw Object.assign(new Error(`EROFS: read-only file system, open '${p}'`), {
          code: 'EROFS',
        });
      return (open as (...a: unknown[]) => number)(p, ...rest);
    }) as typeof fs.openSync);
    const before = fs.readFileSync(lists[0]!);
    let r;
    try {
      r = await runCli(['forget', '0966000001', '--json'], { env, cwd });
    } finally {
      spy.mockRestore();
    }
    expect(r.code, r.stderr).toBe(1);
    const receipt = JSON.parse(r.stdout).receipt;
    expect(receipt.files.map((x: { file: string }) => x.file)).toEqual([lists[2]]);
    const notCleaned = [
      { file: lists[0], rows: 1, code: 'EROFS', reason: 'read-only file system' },
      {
        file: lists[1],
        rows: 1,
        code: 'not_utf8',
        reason: 'not UTF-8 text: saved again in another encoding',
      },
      {
        file: lists[3],
        rows: 1,
        code: 'unreadable',
        reason:
          'not a list cacs can read any more: saved in another form (UTF-16) or its header changed',
      },
    ];
    expect(receipt.notCleaned).toEqual(notCleaned);
    // Rows removed: the one of the list cleaned, not the four found (review, session 17: "1 row
    // removed" beside "NOT CLEANED: … 1 row about them stays").
    expect(receipt.queries).toEqual([
      { query: '0966000001', kind: 'phone', phone: '0966000001', rows: 1 },
    ]);
    // Exit 1 with an error, as every exit but 0 has (it was `"error": null`).
    expect(JSON.parse(r.stdout).error).toEqual({
      code: 'write_failed',
      message: 'the erasure is not complete: 3 rows about them stay in lists cacs could not clean',
      hint: 'Remove those rows yourself (receipt.notCleaned names each file and why), or make the files writable and run the same command again.',
    });
    expect(fs.readFileSync(lists[3]!)).toEqual(utf16);
    expect(fs.readFileSync(lists[0]!)).toEqual(before);
    expect(fs.readFileSync(lists[1]!)).toEqual(latin1);
    expect(fs.readFileSync(lists[2]!, 'utf8')).not.toContain('0966000001');
    // The text receipt says so too, and the erasure holds: never imported again.
    const again = await runCli(['forget', '0966000001'], { env, cwd });
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`NOT CLEANED: ${lists[1]}: 1 row about them stays`);
    // a's list, writable again, is cleaned now: its row is the one removed.
    expect(again.stdout).toContain('phone number 0966000001: 1 row removed from lists');
    // In Vietnamese, JSON's values stay as they are in English (the reasons were translated);
    // the error's message and hint are the run's language.
    const inVi = await runCli(['--lang', 'vi', 'forget', '0966000001', '--json'], { env, cwd });
    expect(inVi.code).toBe(1);
    const viOut = JSON.parse(inVi.stdout);
    expect(viOut.receipt.notCleaned).toEqual(notCleaned.slice(1));
    expect(viOut.error.code).toBe('write_failed');
    expect(viOut.error.message).toBe(
      'việc xoá chưa trọn vẹn: còn 2 dòng về họ trong các danh sách cacs không xoá được',
    );
  });

  it("a half-written list a killed run left (a temporary file beside it, customer rows inside) goes with the next import of the file, and with forget; a live process's and another machine's stay, one untouched for a week goes (found by an audit)", async () => {
    const { cwd, env } = await started();
    const f = write(cwd, 'k.csv', `${HEADER}0912345678,Xoá,,K-1\n12345,Bad Row,,K-2\n`);
    await importJson([f], env, cwd);
    const rejects = path.join(cwd, 'k.csv.rejects.csv');
    // A process that is gone (it ran and exited), and one that is alive (a child that waits).
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    const leftover = (list: string, pid: number, tag?: string) => {
      let name = tempNameFor(list).replace(`-${process.pid}-`, `-${pid}-`);
      if (tag !== undefined) name = name.replace(/-[0-9a-f]{8}$/, `-${tag}`);
      fs.writeFileSync(name, 'line,code,reason,phone\n3,phone_format,x,0912345678\n');
      return name;
    };
    let killed: string, live: string, elsewhere: string, abandoned: string;
    try {
      killed = leftover(rejects, dead);
      live = leftover(rejects, child.pid!);
      // Another machine's (another tag: its pid means nothing here), fresh and a week old.
      elsewhere = leftover(rejects, dead, '00000000');
      abandoned = leftover(rejects, dead, '00000001');
      const weekAgo = new Date(Date.now() - 8 * 86_400_000);
      fs.utimesSync(abandoned, weekAgo, weekAgo);
      await importJson([f], env, cwd);
    } finally {
      child.kill();
    }
    expect(fs.existsSync(killed)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(elsewhere)).toBe(true);
    expect(fs.existsSync(abandoned)).toBe(false);
    fs.rmSync(live);
    fs.rmSync(elsewhere);
    // forget: in the folders of the runs' inputs and lists, any list's leftover.
    const other = leftover(path.join(cwd, 'k.csv.skipped-7.csv'), dead);
    expect((await runCli(['forget', '0912345678'], { env, cwd })).code).toBe(0);
    expect(fs.existsSync(other)).toBe(false);
  });

  it("forget --campaign cleans that campaign's lists only (found by an audit)", async () => {
    const emu = await emulators.start({ campaigns: [{ key: 'summer' }, { key: 'winter' }] });
    const cwd = tempDir();
    const env = importEnv(emu);
    for (const c of ['summer', 'winter']) {
      fs.mkdirSync(path.join(cwd, c));
      const f = write(path.join(cwd, c), 'l.csv', `${HEADER}0966000009,P,,\n0966000009,P,,\n`);
      expect((await importJson([f, '--campaign', c], env, cwd)).summary.imported).toBe(1);
    }
    // The same campaign key at another service (a staging one) is another campaign.
    const staging = await emulators.start();
    fs.mkdirSync(path.join(cwd, 'staging'));
    const s = write(
      path.join(cwd, 'staging'),
      'l.csv',
      `${HEADER}0966000009,P,,\n0966000009,P,,\n`,
    );
    await importJson([s, '--campaign', 'summer'], { ...env, CACS_BASE_URL: staging.url }, cwd);
    const r = await runCli(['forget', '0966000009', '--campaign', 'summer', '--json'], {
      env,
      cwd,
    });
    expect(r.code, r.stderr).toBe(0);
    const files = JSON.parse(r.stdout).receipt.files.map((x: { file: string }) => x.file);
    expect(files).toEqual([path.join(cwd, 'summer', 'l.csv.skipped.csv')]);
    for (const other of ['winter', 'staging'])
      expect(fs.readFileSync(path.join(cwd, other, 'l.csv.skipped.csv'), 'utf8')).toContain(
        '0966000009',
      );
  });

  it("a person's cell that reads like a journal's own word (done) leaves what earlier runs settled: nothing is sent again", async () => {
    const { emu, cwd, env } = await started();
    const f = write(
      cwd,
      'f.csv',
      `${HEADER}0972000001,done,,R-1\n0972000002,An,,R-2\n0972000003,Bình,,R-3\n`,
    );
    expect((await importJson([f], env, cwd)).summary.imported).toBe(3);
    // The rerun's skipped list holds the person's row, with its cell `done`.
    await importJson([f], env, cwd);
    expect((await runCli(['forget', '0972000001'], { env, cwd })).code).toBe(0);
    const sent = processedPhones(emu).length;
    // --allow-repeat passes the ledger: only the journal says these lines were sent.
    const again = await importJson([f, '--allow-repeat'], env, cwd);
    expect(again.summary.imported).toBe(0);
    expect(processedPhones(emu).length).toBe(sent);
  });

  it('history find of an erased number says it was erased (not "never sent"), in text and --json (found by an operator walk)', async () => {
    const { cwd, env } = await started();
    const f = write(cwd, 'h.csv', `${HEADER}0912000077,An,,\n0912000078,Bình,,\n`);
    await importJson([f], env, cwd);
    expect((await runCli(['forget', '+84 912 000 077'], { env, cwd })).code).toBe(0);
    const text = await runCli(['history', 'find', '0912000077'], { env, cwd });
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/0912000077 was erased on \S+ \S+ \S+ \(cacs forget\)/);
    expect(text.stderr).not.toContain('no run recorded');
    const json = JSON.parse(
      (await runCli(['history', 'find', '0912000077', '--json'], { env, cwd })).stdout,
    );
    expect(json).toMatchObject({ found: [], erased: expect.any(String) });
    const other = JSON.parse(
      (await runCli(['history', 'find', '0912000078', '--json'], { env, cwd })).stdout,
    );
    expect(other.erased).toBeNull();
    expect(other.found).toHaveLength(1);
  });

  it('forgetting a number never imported: exit 0, nothing held', async () => {
    const { cwd, env } = await started();
    const r = await runCli(['forget', '0987654321'], { env, cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('nothing held');
    const j = await runCli(['forget', 'NO-SUCH-REF', '--json'], { env, cwd });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout).receipt.nothingHeld).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "root's forget leaves another user's list theirs (it made it root's: review, session 17)",
    async () => {
      const { cwd, env } = await started();
      const f = write(cwd, 'o.csv', `${HEADER}0912345678,${PERSON.name},,O-1\n12345,Bad,,O-2\n`);
      await importJson([f], env, cwd);
      const list = path.join(cwd, 'o.csv.rejects.csv');
      fs.chownSync(list, 65534, 65534);
      const r = await runCli(['forget', 'O-2', '--json'], { env, cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).receipt.files).toEqual([{ file: list, rows: 1 }]);
      const st = fs.statSync(list);
      expect([st.uid, st.gid, st.mode & 0o777]).toEqual([65534, 65534, 0o600]);
    },
  );

  it.skipIf(process.getuid?.() !== 0 || spawnSync('setpriv', ['--version']).status !== 0)(
    'a list this user may not read is NOT CLEANED (exit 1), never passed over (review, session 17)',
    async () => {
      // nobody's own import, in nobody's folder and state; then its rejects list made another
      // user's (root's, 0600), as a team member's list is to the operator who runs forget.
      const dir = tempDir();
      fs.chmodSync(dir, 0o755);
      const home = path.join(dir, 'nobody');
      fs.mkdirSync(home);
      fs.chownSync(home, 65534, 65534);
      const file = path.join(home, 'n.csv');
      fs.writeFileSync(file, `${HEADER}0912345678,${PERSON.name},,N-1\n12345,Bad,,N-2\n`);
      fs.chownSync(file, 65534, 65534);
      const emu = await emulators.start();
      // Spawned, not spawnSync: the emulator answers from this process's event loop.
      const run = (args: string[]) =>
        spawnAndWait('setpriv', cacsAsUser(NOBODY, args), {
          cwd: home,
          env: {
            ...importEnv(emu),
            PATH: process.env.PATH,
            HOME: home,
            XDG_CONFIG_HOME: path.join(home, '.config'),
            TMPDIR: home,
            CACS_STATE_DIR: path.join(home, 'state'),
          },
        });
      const imported = await run(['import', 'n.csv', '--json']);
      expect(imported.status, imported.stderr).toBe(3);
      const list = path.join(home, 'n.csv.rejects.csv');
      fs.chownSync(list, 0, 0);
      const r = await run(['forget', 'N-2', '--json']);
      expect(r.status, r.stderr).toBe(1);
      const out = JSON.parse(r.stdout);
      expect(out.receipt.notCleaned).toEqual([
        { file: list, rows: null, code: 'EACCES', reason: 'permission denied' },
      ]);
      expect(out.error.code).toBe('write_failed');
      const text = await run(['forget', 'N-2']);
      expect(text.status).toBe(1);
      expect(text.stdout).toContain(
        `NOT CLEANED: ${list}: could not be read (permission denied): it may hold rows about them`,
      );
    },
  );

  it('a forget stopped by another run holding a ledger says the erasure is already recorded, and a rerun finishes it (review, session 17)', async () => {
    const { cwd, env } = await started();
    const f = write(cwd, 'h.csv', `${HEADER}0912345678,${PERSON.name},,H-1\n`);
    await importJson([f], env, cwd);
    const ledgers = path.join(env.CACS_STATE_DIR!, 'ledgers');
    const ledger = fs.readdirSync(ledgers).find((n) => n.endsWith('.ledger'))!;
    const lock = path.join(ledgers, `${ledger}.lock`);
    // A live process that is not this one: the test runner's parent.
    fs.writeFileSync(lock, `${process.ppid} 0123456789abcdef\n`);
    let r;
    try {
      r = await runCli(['forget', '0912345678'], { env, cwd });
    } finally {
      fs.rmSync(lock);
    }
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`another cacs run (pid ${process.ppid}) holds a campaign's ledger`);
    expect(r.stderr).toContain(
      'Their numbers are already recorded as erased: no import sends them from now on (the run holding it leaves them out of the batches it forms from now on; one already on the wire cannot be called back); wait for it to finish, then run the same command again to finish the erasure.',
    );
    const find = await runCli(['history', 'find', '0912345678', '--json'], { env, cwd });
    expect(JSON.parse(find.stdout).erased).not.toBeNull();
    const again = await runCli(['forget', '0912345678', '--json'], { env, cwd });
    expect(again.code).toBe(0);
  });

  it('a ref_id asked for: the receipt says it blocks only the numbers it stood for, and a later row with it and a new number is imported (review, session 17)', async () => {
    const { cwd, env } = await started();
    const f = write(cwd, 'r.csv', `${HEADER}0912345678,${PERSON.name},,CUST-X\n`);
    await importJson([f], env, cwd);
    const r = await runCli(['forget', 'CUST-X'], { env, cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'A ref_id is not recorded as erased (other customers may share it): a later row with CUST-X is skipped only when its number is one erased here.',
    );
    const later = write(cwd, 'later.csv', `${HEADER}0912345678,A,,CUST-X\n0912000009,B,,CUST-X\n`);
    const { summary } = await importJson([later], env, cwd);
    expect(summary).toMatchObject({ imported: 1, erased: 1 });
  });

  it("a dry run's lists, for a file never imported for real, are found and cleaned", async () => {
    const { cwd, env } = await started();
    const a = write(
      cwd,
      'dry.csv',
      `${HEADER}0912345678,${PERSON.name},${PERSON.email},${PERSON.ref}\n12345,${PERSON.name},${PERSON.email},${PERSON.ref}\n0912000004,Dung,d@example.vn,K4\n`,
    );
    const dry = await runCli(['import', a, '--dry-run', '--json'], { env, cwd });
    expect(dry.code, dry.stderr).not.toBe(2);
    const lists = fs
      .readdirSync(cwd)
      .filter((f) => f.startsWith('dry.csv.'))
      .map((f) => path.join(cwd, f));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.some((f) => fs.readFileSync(f).includes(Buffer.from(PERSON.email)))).toBe(true);
    const r = await runCli(['forget', PERSON.ref, '--json'], { env, cwd });
    expect(r.code, r.stderr).toBe(0);
    const receipt = JSON.parse(r.stdout).receipt;
    expect(receipt.nothingHeld).toBe(false);
    expect(receipt.files.map((f: { file: string }) => f.file).sort()).toEqual(
      lists.filter((f) => fs.readFileSync(f).length > 0).sort(),
    );
    expect(leaks([cwd], needles).filter((l) => !l.startsWith(`${a}:`))).toEqual([]);
  });

  it('a ref_id erases the number it stands for', async () => {
    const { cwd, env } = await started();
    const a = write(cwd, 'a.csv', `${HEADER}0912111222,An,an@example.vn,REF-AN-1\n`);
    expect((await importJson([a], env, cwd)).code).toBe(0);
    const r = await runCli(['forget', 'REF-AN-1', '--json'], { env, cwd });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).receipt.held).toBe(1);
    const again = await importJson([a, '--allow-repeat', '--restart'], env, cwd);
    expect(again.summary.skippedByCode.erased).toBe(1);
  });

  it('a bookmark of the ref_id removed is something held: the receipt names it, never "nothing held" (review, session 16)', async () => {
    const { cwd, env } = await started();
    const report = await runCli(
      ['report', '--bookmark', 'one', '--ref-id', 'REF-BM-1', '--from', '1d', '-o', 'one.json'],
      { env, cwd },
    );
    expect(report.code, report.stderr).toBe(0);
    const r = await runCli(['forget', 'REF-BM-1'], { env, cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('nothing held');
    expect(r.stdout).toMatch(/bookmarks: 1 /);
    const j = await runCli(['report', '--bookmarks', '--json'], { env, cwd });
    expect(j.stdout).not.toContain('REF-BM-1');
  });
});

describe('cacs state prune (file store)', () => {
  it('a run that left leads still uncertain keeps its history entry and its uncertain list, however old; once settled, they go (found by an audit)', async () => {
    // Every request processed, then answered 500: the run leaves its leads uncertain.
    const faults = { rate500After: 1 };
    const emu = await emulators.start({ faults });
    await pruneKeepsOpenRun(importEnv(emu), tempDir(), faults);
  });

  it('keeps what is exactly retentionDays old, removes what is one second older; erasure records stay', async () => {
    const { cwd, env } = await started();
    const stateDir = env.CACS_STATE_DIR!;
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 30 } }),
    );
    const a = write(
      cwd,
      'old.csv',
      `${HEADER}0912000011,An,a@example.vn,P1\n0912000012,Bé,b@example.vn,P2\n`,
    );
    const first = await importJson([a], env, cwd);
    expect(first.code).toBe(0);
    await runCli(['forget', '0912000012'], { env, cwd });
    // The ledger's records carry whole seconds: the newest one's time is the boundary.
    const ledgerDir = path.join(stateDir, 'ledgers');
    const ledger = fs.readdirSync(ledgerDir).find((f) => f.endsWith('.ledger'))!;
    const bytes = fs.readFileSync(path.join(ledgerDir, ledger));
    const times: number[] = [];
    for (let o = 0; o + 24 <= bytes.length; o += 24) times.push(bytes.readUInt32LE(o + 16));
    const newest = Math.max(...times);
    expect(newest).toBeGreaterThan(0);
    // Records of an earlier second (a batch's in-flight record, on a busy machine) are older
    // than the boundary: those, and only those, go at exactly retentionDays.
    const older = times.filter((t) => t < newest).length;
    const DAY = 86_400_000;
    const at = (ms: number) => () => new Date(ms);
    const exact = await runCli(['state', 'prune', '--json'], {
      env,
      cwd,
      now: at(newest * 1000 + 30 * DAY),
    });
    expect(exact.code).toBe(0);
    expect(JSON.parse(exact.stdout).prune.ledgerRecords).toBe(older);
    const dry = await runCli(['state', 'prune', '--dry-run', '--json'], {
      env,
      cwd,
      now: at(newest * 1000 + 30 * DAY + 1000),
    });
    const would = JSON.parse(dry.stdout).prune;
    expect(would.ledgerRecords).toBe(times.length - older);
    // A dry run removes nothing.
    expect(fs.statSync(path.join(ledgerDir, ledger)).size).toBe((times.length - older) * 24);
    const later = await runCli(['state', 'prune'], {
      env,
      cwd,
      now: at(newest * 1000 + 30 * DAY + 1000),
    });
    expect(later.code).toBe(0);
    expect(later.stdout).toContain('erasure records are never pruned');
    expect(fs.statSync(path.join(ledgerDir, ledger)).size).toBe(0);
    const erased = fs.readFileSync(path.join(stateDir, 'erasures', 'erased.jsonl'), 'utf8');
    expect(erased.trim().split('\n')).toHaveLength(1);
    // Still never imported again.
    const again = await importJson([a, '--restart'], env, cwd);
    expect(again.summary.skippedByCode.erased).toBe(1);
  });

  it("removes the lists cacs wrote older than retentionDays — a dry run's too, found through the sidecar records — and names them; never a file cacs did not write or one edited since", async () => {
    const { cwd, env } = await started();
    const stateDir = env.CACS_STATE_DIR!;
    fs.writeFileSync(
      path.join(cwd, '.cacsrc.json'),
      JSON.stringify({ state: { retentionDays: 30 } }),
    );
    const rows = (p: string) => `${HEADER}0912000021,An,a@example.vn,P1\n${p},Bé,b@example.vn,P2\n`;
    // A dry run's lists: no history entry names them.
    const dry = write(cwd, 'dry.csv', rows('12345'));
    expect((await runCli(['import', dry, '--dry-run'], { env, cwd })).code).not.toBe(2);
    // A real run's list.
    const real = write(cwd, 'real.csv', rows('678'));
    expect((await importJson([real], env, cwd)).code).toBe(3);
    // Another dry run's list, then edited by hand (same size, other bytes): kept.
    const edited = write(cwd, 'edited.csv', rows('999'));
    expect((await runCli(['import', edited, '--dry-run'], { env, cwd })).code).not.toBe(2);
    // A file cacs never wrote, where cacs would put a list: kept.
    const mine = write(cwd, 'mine.csv', rows('0912000031'));
    expect((await importJson([mine], env, cwd)).code).toBe(0);
    const foreign = write(cwd, 'mine.csv.rejects.csv', 'line,code,reason\n1,x,my own notes\n');
    const listsOf = (input: string) =>
      fs
        .readdirSync(cwd)
        .filter((n) => n.startsWith(`${path.basename(input)}.`))
        .map((n) => path.join(cwd, n))
        .sort();
    const dryLists = listsOf(dry);
    expect(dryLists.length).toBeGreaterThan(0);
    expect(listsOf(real).length).toBeGreaterThan(0);
    const editedList = path.join(cwd, 'edited.csv.rejects.csv');
    const text = fs.readFileSync(editedList, 'utf8');
    fs.writeFileSync(editedList, text.replace('Bé', 'Be'.padEnd(Buffer.byteLength('Bé'), '_')));
    expect(fs.statSync(editedList).size).toBe(Buffer.byteLength(text));
    // Every list cacs wrote (rejects and skipped, real runs' and dry runs'), but those two.
    const ours = [dry, real, edited, mine]
      .flatMap(listsOf)
      .filter((f) => f !== editedList && f !== foreign)
      .sort();
    // All of them old: prune on a clock 40 days ahead (retentionDays 30).
    const later = () => new Date(Date.now() + 40 * 86_400_000);
    const records = () => fs.readdirSync(path.join(stateDir, 'sidecars')).length;
    const recordsBefore = records();

    const would = await runCli(['state', 'prune', '--dry-run', '--json'], {
      env,
      cwd,
      now: later,
    });
    expect(would.code, would.stderr).toBe(0);
    const wouldFiles: string[] = JSON.parse(would.stdout).prune.files;
    expect([...wouldFiles].sort()).toEqual(ours);
    for (const f of wouldFiles) expect(fs.existsSync(f)).toBe(true);

    const r = await runCli(['state', 'prune'], { env, cwd, now: later });
    expect(r.code, r.stderr).toBe(0);
    for (const f of ours) {
      expect(r.stdout).toContain(f);
      expect(fs.existsSync(f)).toBe(false);
    }
    expect(r.stdout).not.toContain(editedList);
    expect(r.stdout).not.toContain(foreign);
    expect(fs.readFileSync(editedList, 'utf8')).toContain('Be_');
    expect(fs.readFileSync(foreign, 'utf8')).toContain('my own notes');
    // Their sidecar records went with them; the edited list's stays (cacs still keeps it).
    expect(records()).toBe(recordsBefore - ours.length);
  });

  it('without retentionDays, prune says so (exit 2)', async () => {
    const { cwd, env } = await started();
    const r = await runCli(['state', 'prune'], { env, cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('retentionDays');
  });
});
