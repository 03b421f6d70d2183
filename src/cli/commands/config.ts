/** `cacs config show | path | init`. */
import fs from 'node:fs';
import path from 'node:path';
import {
  UsageError,
  describeSource,
  maskUrlCredentials,
  userConfigDir,
  userConfigPlaces,
  writeSmallFileAtomic,
  t,
} from '../../index.js';
import type { Context } from '../context.js';
import { settingsTable, type SettingLine } from '../render/settings-table.js';
import type { Flags } from '../flags.js';
import type { defineConfigInit, defineConfigPath, defineConfigShow } from './config-flags.js';

/**
 * The source of a setting no layer gives: data in config show --json (the same in every
 * language, like the other sources), in words in the view.
 */
const NOT_SET = 'not set';

interface Row {
  key: string;
  value: unknown;
  source: string;
}

export async function runConfigShow(
  opts: Flags<typeof defineConfigShow>,
  ctx: Context,
): Promise<number> {
  const { settings, sources, files } = await ctx.settings();
  const rows: Row[] = [];
  const add = (key: string, value: unknown, sourceKey = key) =>
    rows.push({ key, value, source: sources.get(sourceKey) ?? NOT_SET });

  // A password in the URL is masked like the token (`https://***@host`).
  add('baseUrl', settings.baseUrl === undefined ? null : maskUrlCredentials(settings.baseUrl));
  if (settings.token?.kind === 'command') {
    add('accessTokenCommand', settings.token.command);
    add('accessTokenCommandTimeout', settings.token.timeoutMs);
  } else {
    add('accessToken', settings.token ? '***' : null);
  }
  add('campaign', settings.campaign ?? null);
  for (const [alias, key] of Object.entries(settings.campaigns)) add(`campaigns.${alias}`, key);
  add('profile', settings.profile ?? null);
  add('timezone', settings.timezone);
  add('serviceTimezone', settings.serviceTimezone);
  // Shown only when set (issue 27): otherwise --lang or the locale (LANG…) chooses.
  if (settings.language !== undefined) add('language', settings.language);
  add('timeout', settings.timeout);
  add('allowInsecureHttp', settings.allowInsecureHttp);
  add('stateDir', settings.stateDir);
  // Shown only when set (the state URL's password masked like the token).
  if (settings.stateUrl !== undefined) add('stateUrl', maskUrlCredentials(settings.stateUrl));
  if (settings.stateSchema !== undefined) add('stateSchema', settings.stateSchema);
  // Unset: cacs keeps everything (state prune refuses to run without it).
  add('state.retentionDays', settings.state?.retentionDays ?? null);
  add('import.batchSize', settings.import.batchSize);
  add('import.concurrency', settings.import.concurrency);
  add('import.phonePattern', settings.import.phonePattern);
  add('import.homePhonePattern', settings.import.homePhonePattern);
  add(
    'import.placeholderNumbers',
    settings.import.placeholderNumbers.length > 0
      ? settings.import.placeholderNumbers.join(', ')
      : null,
  );
  add('import.stdinLimit', settings.import.stdinLimit);
  add('import.suppress', settings.import.suppress.length > 0 ? settings.import.suppress : null);
  if (settings.import.allocatedOnly) add('import.allocatedOnly', true);
  if (settings.import.layouts.length > 0)
    add('import.layouts', settings.import.layouts.map((l) => l.name).join(', '));
  for (const [field, column] of Object.entries(settings.import.columns))
    add(`import.columns.${field}`, column);
  add('report.format', settings.report.format ?? null);
  add('report.flatten', settings.report.flatten);
  add('report.windowDays', settings.report.windowDays);
  add('report.concurrency', settings.report.concurrency);
  add('report.memoryBudget', settings.report.memoryBudget);
  add('report.bom', settings.report.bom);
  add('report.countMismatch', settings.report.countMismatch);
  add('report.answeredStatuses', settings.report.answeredStatuses.join(', '));
  add('compliance.callHours', settings.compliance.callHours);
  add('compliance.maxCallsPer24h', settings.compliance.maxCallsPer24h);

  if (opts.json) {
    const obj = {
      settings: Object.fromEntries(rows.map((r) => [r.key, { value: r.value, source: r.source }])),
      files: files.map((f) => ({ path: f.path, scope: f.scope })),
      exitCode: 0,
      error: null,
    };
    ctx.out.json(obj);
    return 0;
  }
  const noValue = t('cli.config.show.noValue');
  // Every secret masked as on stderr (a state URL's `?password=` too: review, session 17 — the
  // table printed it while --json masked it).
  const lines: SettingLine[] = rows.map((r) => ({
    key: r.key,
    value: r.value === null ? noValue : ctx.out.scrub(String(r.value)),
    placeholder: r.value === null,
    source: r.source === NOT_SET ? t('cli.config.show.notSet') : describeSource(r.source),
  }));
  // On a terminal the table fits its width (render/settings-table.ts); off one, a setting a line.
  const columns = ctx.io.stdoutIsTTY ? (ctx.io.columns ?? 80) : Infinity;
  ctx.out.data(settingsTable(lines, columns, (s) => ctx.out.cOut.dim(s)));
  return 0;
}

export async function runConfigPath(
  _opts: Flags<typeof defineConfigPath>,
  ctx: Context,
): Promise<number> {
  const { files } = await ctx.settings();
  const userDir = userConfigDir(ctx.io.env);
  if (files.length === 0) ctx.out.data(`${t('cli.config.path.none')}\n`);
  for (const f of files) ctx.out.data(`${f.scope.padEnd(8)} ${f.path}\n`);
  const user = path.join(userDir, `{${(await userConfigPlaces()).join(',')}}`);
  ctx.out.info(`\n${t('cli.config.path.looksFor', { cwd: ctx.io.cwd, user })}`);
  return 0;
}

/**
 * The starter `cacs config init` writes: every setting commented out, so that writing it changes
 * nothing any command does (an alias or an address in it would change what `--campaign summer`
 * or the environment's CACS_BASE_URL mean); the comments say what each one is for.
 */
export const STARTER_CONFIG = t('cli.config.init.starter');

export async function runConfigInit(
  opts: Flags<typeof defineConfigInit>,
  ctx: Context,
): Promise<number> {
  const file = opts.user
    ? path.join(userConfigDir(ctx.io.env), 'config.yaml')
    : path.join(ctx.io.cwd, '.cacsrc.yaml');
  const exists = () =>
    new UsageError(t('cli.config.init.exists', { file }), {
      hint: t('cli.config.init.exists.hint'),
    });
  if (fs.existsSync(file)) throw exists();
  try {
    // Linked into place: a file (or symlink) that appeared meanwhile is never replaced.
    await writeSmallFileAtomic(file, STARTER_CONFIG, { mode: 0o600, noClobber: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw exists();
    if (code === undefined) throw e;
    throw new UsageError(t('cli.config.init.cannotWrite', { file, code }), {
      hint: opts.user
        ? t('cli.config.init.cannotWrite.user.hint')
        : t('cli.config.init.cannotWrite.hint'),
      cause: e,
    });
  }
  ctx.out.data(`${file}\n`);
  ctx.out.info(t('cli.config.init.wrote', { file }));
  return 0;
}
