/**
 * Issue 27 item 4: saved layouts (config `import.layouts`, `--layout`), chosen by a file's
 * headers; a rejects file re-imports with the same layout and no flag; config `import.columns`
 * applies where a file has the column and is no error where it does not; a do-not-call list is
 * never read with a lead layout. Over real HTTP against the emulator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { emulatorPool, importEnv, importJson, processedPhones, write } from '../helpers/import.js';

const emulators = emulatorPool();

const CONFIG = {
  import: {
    columns: { ref_id: 'Customer Code' },
    layouts: {
      crm: {
        columns: {
          phone_number: 'Contact Tel 1',
          name: 'Full Nm',
          ref_id: 'Cust No',
          field01: 'Remark',
        },
        optional: ['field01'],
      },
      shop: { columns: { phone_number: 'Tel', field02: 'Store' } },
    },
  },
};

function setup(config: unknown = CONFIG) {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, '.cacsrc.json'), JSON.stringify(config));
  return dir;
}

interface WithLayout {
  layout?: { name: string; chosen: string };
  imported: number;
  rejectsFile: string | null;
  exitCode: number;
}

describe('saved layouts', () => {
  it("are chosen by the file's headers (an optional column may be missing), shown in the summary", async () => {
    const emu = await emulators.start();
    const dir = setup();
    const file = write(
      dir,
      'crm.csv',
      'Contact Tel 1,Full Nm,Cust No\n0912345678,An,C1\n0912345679,Bình,C2\n',
    );
    const env = importEnv(emu);
    const { summary, code } = await importJson([file], env, dir);
    const s = summary as unknown as WithLayout;
    expect(code).toBe(0);
    expect(s.layout).toEqual({ name: 'crm', chosen: 'headers' });
    expect(s.imported).toBe(2);
    const lead = emu.store.received[0]!;
    expect(lead.phones).toEqual(['0912345678', '0912345679']);
    const human = await runCli(['import', file, '--dry-run'], { env, cwd: dir });
    expect(human.stderr).toContain("columns: layout crm (the file's headers match it)");
  });

  it('the rejects file of a run re-imports with the same layout, without any flag', async () => {
    const emu = await emulators.start();
    const dir = setup();
    const file = write(
      dir,
      'crm.csv',
      'Contact Tel 1,Full Nm,Cust No,Remark\n0912345678,An,C1,vip\n09123abc,Bình,C2,\n',
    );
    const env = importEnv(emu);
    const first = await importJson([file, '--layout', 'crm'], env, dir);
    const s1 = first.summary as unknown as WithLayout;
    expect(first.code).toBe(3);
    expect(s1.layout).toEqual({ name: 'crm', chosen: 'flag' });
    // Fix the rejected row in the rejects file, as an operator would, and import that file.
    const rejects = s1.rejectsFile!;
    fs.writeFileSync(
      rejects,
      fs.readFileSync(rejects, 'utf8').replace(',09123abc,', ',0912345670,'),
    );
    const again = await importJson([rejects], env, dir);
    const s2 = again.summary as unknown as WithLayout;
    expect(again.code).toBe(0);
    expect(s2.layout).toEqual({ name: 'crm', chosen: 'headers' });
    expect(s2.imported).toBe(1);
    expect(processedPhones(emu)).toEqual(['0912345678', '0912345670']);
  });

  it('--layout: an unknown name, or a file without a required column, is exit 2 naming them', async () => {
    const emu = await emulators.start();
    const dir = setup();
    const file = write(dir, 'crm.csv', 'Contact Tel 1,Cust No\n0912345678,C1\n');
    const env = importEnv(emu);
    const unknown = await runCli(['import', file, '--layout', 'erp'], { env, cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('there is no layout erp (layouts: crm, shop)');
    const missing = await runCli(['import', file, '--layout', 'crm'], { env, cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'layout crm needs columns the file does not have: name (Full Nm)',
    );
    expect(processedPhones(emu)).toEqual([]);
  });

  it('config import.columns applies where the file has the column, and is no error where not', async () => {
    const emu = await emulators.start();
    const dir = setup();
    const env = importEnv(emu);
    const withIt = write(dir, 'a.csv', 'phone,Customer Code\n0912345678,K1\n');
    const withoutIt = write(dir, 'b.csv', 'phone\n0912345679\n');
    expect((await importJson([withIt], env, dir)).code).toBe(0);
    expect((await importJson([withoutIt], env, dir)).code).toBe(0);
    expect(processedPhones(emu)).toEqual(['0912345678', '0912345679']);
  });

  it('a do-not-call list is never read with a lead layout or import.columns', async () => {
    const emu = await emulators.start();
    const dir = setup();
    const env = importEnv(emu);
    const file = write(
      dir,
      'crm.csv',
      'Contact Tel 1,Full Nm,Cust No\n0912345678,An,C1\n0912345679,Bình,C2\n',
    );
    const dnc = write(dir, 'dnc.csv', 'phone\n0912345679\n');
    const { summary, code } = await importJson([file, '--suppress', dnc], env, dir);
    expect(code).toBe(0);
    expect(summary.suppressed).toBe(1);
    expect(processedPhones(emu)).toEqual(['0912345678']);
  });

  it('a wrong layout in the configuration is exit 2 naming the key', async () => {
    const dir = setup({
      import: { layouts: { crm: { columns: { phone_number: 'Tel' }, optional: ['name'] } } },
    });
    const file = write(dir, 'a.csv', 'Tel\n0912345678\n');
    const r = await runCli(['import', file, '--dry-run'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('import.layouts.crm');
    expect(r.stderr).toContain('every optional field must be one of its columns');
  });
});
