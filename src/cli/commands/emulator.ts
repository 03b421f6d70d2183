/** `cacs emulator`: a local CACS service until Ctrl-C. */
import { UsageError } from '../../index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineEmulator } from './emulator-flags.js';

/** The flags as commander parses them (program.ts defines them). */
export type EmulatorFlags = Flags<typeof defineEmulator>;

export async function runEmulator(flags: EmulatorFlags, ctx: Context): Promise<number> {
  const { startEmulator } = await import('../../emulator/index.js');
  const quarter = flags.failRate / 4;
  let emulator;
  try {
    emulator = await startEmulator({
      port: flags.port,
      host: flags.host,
      token: flags.token,
      seed: flags.seed,
      latencyMs: flags.latency,
      messageStyle: flags.messageStyle,
      attemptsStyle: flags.attempts,
      ...(flags.campaign ? { campaigns: flags.campaign } : {}),
      ...(flags.state !== undefined ? { statePath: flags.state } : {}),
      ...(flags.maxBatch !== undefined ? { maxBatch: flags.maxBatch } : {}),
      ...(flags.phonePattern !== undefined ? { phonePattern: flags.phonePattern } : {}),
      ...(flags.failRate > 0
        ? {
            faults: {
              rate429: quarter,
              rate503: quarter,
              dropBeforeRate: quarter,
              dropAfterRate: quarter,
            },
          }
        : {}),
      ...(ctx.out.quiet
        ? {}
        : {
            onRequest: (line: string) => ctx.out.info(ctx.out.c.dim(line)),
          }),
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(`port ${flags.port} on ${flags.host} is already in use`, {
        hint: 'Pick another with --port, or --port 0 for any free port.',
      });
    }
    throw e;
  }
  const first = emulator.campaigns[0]?.key ?? 'summer';
  const lines = [
    `cacs emulator listening on ${emulator.url}`,
    `  access token: ${emulator.token}   (a test value the emulator accepts)`,
    `  campaigns:    ${emulator.campaigns.map((c) => `${c.key} (${c.name})`).join(', ')}`,
    '',
    'Try, in another terminal:',
    `  export CACS_BASE_URL=${emulator.url} CACS_ACCESS_TOKEN=${emulator.token}`,
    `  cacs import examples/leads.csv --campaign ${first}`,
    `  cacs report --campaign ${first} --from today --to today`,
    '',
    'Press Ctrl-C to stop.',
  ];
  ctx.out.data(`${lines.join('\n')}\n`);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await emulator.close();
  ctx.out.info('emulator stopped');
  return 0;
}
