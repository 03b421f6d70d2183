/** `cacs config show | path | init`. */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../../atomic-write.js';
import { UsageError } from '../../index.js';
import { userConfigDir } from '../../config/paths.js';
import { USER_CONFIG_PLACES } from '../../config/files.js';
import { maskUrlCredentials } from '../../secrets.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineConfigInit, defineConfigPath, defineConfigShow } from './config-flags.js';

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
    rows.push({ key, value, source: sources.get(sourceKey) ?? 'not set' });

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
  add('timeout', settings.timeout);
  add('allowInsecureHttp', settings.allowInsecureHttp);
  add('stateDir', settings.stateDir);
  // Shown only when set (the state URL's password masked like the token).
  if (settings.stateUrl !== undefined) add('stateUrl', maskUrlCredentials(settings.stateUrl));
  if (settings.stateSchema !== undefined) add('stateSchema', settings.stateSchema);
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
  const width = Math.max(...rows.map((r) => r.key.length));
  const valueText = (v: unknown) => (v === null ? ctx.out.cOut.dim('(not set)') : String(v));
  const valueWidth = Math.min(
    48,
    Math.max(...rows.map((r) => (r.value === null ? 9 : String(r.value).length))),
  );
  for (const r of rows) {
    const v = valueText(r.value);
    const pad = ' '.repeat(
      Math.max(1, valueWidth - (r.value === null ? 9 : String(r.value).length) + 2),
    );
    ctx.out.data(`${r.key.padEnd(width)}  ${v}${pad}${ctx.out.cOut.dim(r.source)}\n`);
  }
  return 0;
}

export async function runConfigPath(
  _opts: Flags<typeof defineConfigPath>,
  ctx: Context,
): Promise<number> {
  const { files } = await ctx.settings();
  const userDir = userConfigDir(ctx.io.env);
  if (files.length === 0) ctx.out.data('no config file in effect\n');
  for (const f of files) ctx.out.data(`${f.scope.padEnd(8)} ${f.path}\n`);
  ctx.out.info(
    [
      '',
      'cacs looks for, in order of precedence:',
      `  project: package.json "cacs", .cacsrc, .cacsrc.{json,yaml,yml,js,cjs,mjs}, cacs.config.* — in ${ctx.io.cwd} and each folder above it`,
      `  user:    ${path.join(userDir, `{${USER_CONFIG_PLACES.join(',')}}`)}`,
      '  (--config <file> replaces both searches)',
    ].join('\n'),
  );
  return 0;
}

/**
 * The starter `cacs config init` writes: every setting commented out, so that writing it changes
 * nothing any command does (an alias or an address in it would change what `--campaign summer`
 * or the environment's CACS_BASE_URL mean); the comments say what each one is for.
 */
export const STARTER_CONFIG = `# cacs configuration (YAML). Precedence: flags > environment > profile > this file > user config.
# Every setting below is commented out: this file changes nothing until you uncomment a line.
# Keep this file private if it holds a token: chmod 600 <this file>

# The service address given by your operator (or CACS_BASE_URL in the environment).
# baseUrl: https://cacs.example.com

# The access token: prefer a command that prints it (a password manager, a secrets store)
# over writing it here. CACS_ACCESS_TOKEN in the environment also works.
# accessTokenCommand: pass show cacs/token
# accessToken: put-your-token-here

# Campaign aliases (alias: the campaign key the service knows; keys are case-sensitive), and
# the campaign used when --campaign is not given. With an alias, --campaign summer sends its key.
# campaigns:
#   summer: SUMMER2026
# defaultCampaign: summer

# The service's clock (it reads report dates and writes call times in it), and the zone you
# give dates in (today, yesterday, 7d, dates without an offset; default: the service's).
# serviceTimezone: Asia/Ho_Chi_Minh
# timezone: Europe/Paris

# Where cacs remembers what it sent (the campaign ledgers that keep a customer from being sent
# twice, journals, history, bookmarks), relative to this file's folder. Pin it when cron or
# another user runs cacs: by default it follows HOME. CACS_STATE_DIR overrides it.
# stateDir: cacs-state

# import:
#   batchSize: 500
#   concurrency: 2
#   # Map lead fields to the column names of your files (beyond the built-in aliases).
#   columns:
#     ref_id: Customer Code
#     field01: Product
#   # A wider phone rule than the spec's 0 + 9 digits, if your operator accepts one.
#   phonePattern: '^0\\d{9,10}$'
#   # Your centre's own test numbers, refused like 0000000000 (phone_placeholder).
#   placeholderNumbers: ['0911111222']
#   # Do-not-call lists (CSV/.xlsx with a phone column, or one number per line), read relative
#   # to this file's folder; their numbers are never sent. --suppress adds more.
#   suppress:
#     - dnc.csv

# report:
#   windowDays: 31
#   concurrency: 4
#   format: csv
#   bom: true        # CSV for Excel: a UTF-8 byte order mark
#   # An answer whose "Have N records found" disagrees with its records (asked twice):
#   # error (exit 1, default) or warn (written as listed, for a service known to count otherwise).
#   countMismatch: error
#   # Statuses the summary (--summary) counts as answered.
#   answeredStatuses: [ANSWERED]

# The summary's compliance check (cacs report --summary, --fail-on-violations). The defaults
# follow Vietnam's Decree 91/2020/ND-CP, art. 12 (advertising calls 08:00-17:00, at most one
# call to a number per 24 hours); they are settings, not legal advice. Calls to numbers on the
# import.suppress lists are counted too.
# compliance:
#   callHours: '08:00-17:00'
#   maxCallsPer24h: 1

# Named sets of the settings above, chosen with --profile or CACS_PROFILE.
# profiles:
#   staging:
#     baseUrl: https://staging.cacs.example.com
#     accessTokenCommand: pass show cacs/staging-token
`;

export async function runConfigInit(
  opts: Flags<typeof defineConfigInit>,
  ctx: Context,
): Promise<number> {
  const file = opts.user
    ? path.join(userConfigDir(ctx.io.env), 'config.yaml')
    : path.join(ctx.io.cwd, '.cacsrc.yaml');
  const exists = () =>
    new UsageError(`${file} already exists; cacs config init never overwrites a file`, {
      hint: 'Edit it, or move it away first.',
    });
  if (fs.existsSync(file)) throw exists();
  try {
    // Linked into place: a file (or symlink) that appeared meanwhile is never replaced.
    writeFileAtomicSync(file, STARTER_CONFIG, { mode: 0o600, noClobber: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw exists();
    if (code === undefined) throw e;
    throw new UsageError(`cannot write ${file} (${code})`, {
      hint: opts.user
        ? 'Check that your config folder can be written.'
        : 'Run it in a folder you can write to, or use --user for your own config folder.',
      cause: e,
    });
  }
  ctx.out.data(`${file}\n`);
  ctx.out.info(
    `wrote a starter config to ${file} (mode 600): every setting in it is commented out; uncomment what you need (baseUrl, the token source, campaign aliases).`,
  );
  return 0;
}
