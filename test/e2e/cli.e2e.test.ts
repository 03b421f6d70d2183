/** The built CLI as a real process: bin/cacs.js → dist. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, spawnCli, tempDir } from '../helpers/cli.js';

describe('bin/cacs.js', () => {
  it('--version and --help work from the built files', async () => {
    const v = await spawnCli(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const h = await spawnCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('Exit codes:');
  });

  it('run as a program (as npm links it), starts node with the options of its shebang', async () => {
    // The young generation capped and the heap grown by half, not up to four times (issue 22:
    // an import's peak RSS); `env -S` splits the line.
    const env = isolatedEnv({
      NODE_OPTIONS:
        '--import=data:text/javascript,process.stderr.write(JSON.stringify(process.execArgv))',
    });
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(BIN, ['--version'], {
          env: env as NodeJS.ProcessEnv,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
    fs.rmSync(env.HOME!, { recursive: true, force: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(JSON.parse(r.stderr)).toEqual(['--max-semi-space-size=8', '--heap-growing-percent=50']);
  });

  it('exits 2 with one plain line for a usage error, no stack trace', async () => {
    const r = await spawnCli(['config', 'show', '--config', 'missing.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --config missing.json: no such file\n');
  });

  it('runs the emulator, prints URL, token and campaign, and stops on SIGINT', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'emulator', '--port', '0', '--campaign', 'winter=Winter leads'],
      {
        env: isolatedEnv() as NodeJS.ProcessEnv,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = /listening on (http:\/\/\S+)/.exec(stdout);
        if (m && stdout.includes('Ctrl-C')) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    expect(stdout).toContain('access token: emulator-token');
    expect(stdout).toContain('campaigns:    winter (Winter leads)');
    const res = await fetch(`${url}/api/cacs/v1/import_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: 'emulator-token' },
      body: JSON.stringify({ campaign_key: 'winter', data: [{ phone_number: '0912345678' }] }),
    });
    expect(await res.json()).toEqual({ result: 'success', message: '1/1 leads were imported' });
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(stderr).toContain('POST /api/cacs/v1/import_lead → 200: 1/1 leads were imported');
    expect(stderr).toContain('emulator stopped');
  });

  it('refuses a port in use with exit 2', async () => {
    const net = await import('node:net');
    const srv = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => srv.once('listening', r));
    const port = (srv.address() as { port: number }).port;
    const r = await spawnCli(['emulator', '--port', String(port)]);
    srv.close();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
  });
});

describe('pipelines', () => {
  it('stops quietly when the reader of stdout goes away (cacs report | head -1)', async () => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const emu = await startEmulator({ port: 0 });
    try {
      for (let i = 0; i < 3000; i++)
        emu.store.addLead(
          'summer',
          { phone_number: `09${String(10000000 + i)}` },
          new Date('2026-11-01T02:00:00Z'),
        );
      const child = spawn(
        process.execPath,
        [BIN, 'report', '--from', '2026-11-01', '--to', '2026-11-03', '--format', 'ndjson'],
        {
          env: isolatedEnv({
            CACS_BASE_URL: emu.url,
            CACS_ACCESS_TOKEN: 'emulator-token',
            CACS_CAMPAIGN: 'summer',
          }) as NodeJS.ProcessEnv,
        },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(stderr).not.toContain('EPIPE');
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      await emu.close();
    }
  });

  it('a reader of stderr that goes away (2>&1 | head -2) does not turn a good import into exit 1 (operator walk)', async () => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    const emu = await startEmulator({ port: 0 });
    const dir = tempDir('cacs-stderr-pipe-');
    try {
      const rows = Array.from({ length: 300 }, (_, i) => `09${14_000_000 + i},Khách ${i}`);
      fs.writeFileSync(path.join(dir, 's.csv'), `phone,name\n${rows.join('\n')}\n`);
      const child = spawn(process.execPath, [BIN, 'import', 's.csv', '--campaign', 'summer'], {
        cwd: dir,
        env: isolatedEnv({
          CACS_BASE_URL: emu.url,
          CACS_ACCESS_TOKEN: 'emulator-token',
          CACS_STATE_DIR: path.join(dir, 'state'),
        }) as NodeJS.ProcessEnv,
      });
      // The reader takes the first line and goes away, as `head -1` does.
      child.stderr.once('data', () => child.stderr.destroy());
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(emu.store.leads('summer')).toHaveLength(300);
    } finally {
      await emu.close();
    }
  });

  it('reads .cacsrc.example given with --config (YAML whatever the extension)', async () => {
    const { ROOT } = await import('../helpers/cli.js');
    const r = await spawnCli(['--config', `${ROOT}/.cacsrc.example`, 'config', 'show', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).settings['campaigns.summer'].value).toBe('SUMMER2026');
  });
});
