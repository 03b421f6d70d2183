/** `cacs emulator`: a local CACS service until Ctrl-C. */
import { UsageError, t } from '../../index.js';
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
      throw new UsageError(t('cli.emulator.portInUse', { port: flags.port, host: flags.host }), {
        hint: t('cli.emulator.portInUse.hint'),
      });
    }
    throw e;
  }
  const first = emulator.campaigns[0]?.key ?? 'summer';
  const started = t('cli.emulator.started', {
    url: emulator.url,
    token: emulator.token,
    campaigns: emulator.campaigns
      .map((c) => t('cli.emulator.campaign', { key: c.key, name: c.name }))
      .join(', '),
    campaign: first,
  });
  ctx.out.data(`${started}\n`);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await emulator.close();
  ctx.out.info(t('cli.emulator.stopped'));
  return 0;
}
