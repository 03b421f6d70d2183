/**
 * `cacs state status | migrate`: where state lives and what it holds; a file store copied into
 * PostgreSQL. The library does the work (stateStatus, migrateState); this module renders it.
 */
import path from 'node:path';
import {
  migrateState,
  stateStatus,
  type MigrateResult,
  formatCount,
  t,
  tCount,
} from '../../index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineStateMigrate, defineStateStatus } from './state-flags.js';
import { stateOf } from '../state-where.js';

const n = formatCount;

export async function runStateStatus(
  flags: Flags<typeof defineStateStatus>,
  ctx: Context,
): Promise<number> {
  const { settings } = await ctx.settings();
  const status = await stateStatus({
    ...stateOf(settings),
  });
  if (flags.json) {
    ctx.out.json({ status, exitCode: 0, error: null });
    return 0;
  }
  const lines = [
    t(status.store === 'postgres' ? 'cli.state.store.postgres' : 'cli.state.store.files'),
    t('cli.state.location', { location: status.location }),
    ...(status.schemaVersion !== undefined
      ? [
          t('cli.state.schema', {
            version: status.schemaVersion,
            known: status.knownSchemaVersion ?? '?',
          }),
        ]
      : []),
    t('cli.state.ledgers', { ledgers: n(status.ledgers), records: n(status.ledgerRecords) }),
    t('cli.state.runs', { runs: n(status.runs) }),
    t('cli.state.journals', { journals: n(status.journals) }),
    t('cli.state.bookmarks', { bookmarks: n(status.bookmarks) }),
  ];
  ctx.io.stdout.write(ctx.out.scrub(`${lines.join('\n')}\n`));
  return 0;
}

export async function runStateMigrate(
  flags: Flags<typeof defineStateMigrate>,
  ctx: Context,
  args: string[] = [],
): Promise<number> {
  ctx.out.addSecret(passwordOf(flags.to));
  const { settings } = await ctx.settings();
  const folders = args.length > 0 ? args.map((a) => path.resolve(ctx.io.cwd, a)) : undefined;
  const all = await migrateState({
    to: flags.to,
    stateDir: settings.stateDir,
    ...(folders !== undefined ? { stateDirs: folders } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
  });
  if (flags.json) {
    // One folder: its result as before; several: one each.
    ctx.out.json({ migrated: all.length === 1 ? all[0] : all, exitCode: 0, error: null });
    return 0;
  }
  const lines: string[] = [];
  for (const migrated of all) lines.push(...migratedLines(migrated));
  ctx.io.stdout.write(ctx.out.scrub(`${lines.join('\n')}\n`));
  return 0;
}

function migratedLines(migrated: MigrateResult): string[] {
  const from = migrated.from;
  const lines = [t('cli.state.migrated.from', { from, to: migrated.to })];
  if (migrated.secret === 'kept') lines.push(t('teams.migrated.secret.kept'));
  for (const l of migrated.ledgers) {
    const ledger = { campaign: l.campaign, serviceUrl: l.serviceUrl, copied: n(l.copied) };
    lines.push(
      l.already > 0
        ? t('cli.state.migrated.ledger.already', { ...ledger, already: n(l.already) })
        : t('cli.state.migrated.ledger', ledger),
    );
  }
  if (migrated.ledgers.length === 0) lines.push(t('cli.state.migrated.noLedgers'));
  const { runs, journals, bookmarks } = migrated;
  const finished =
    journals.finished > 0
      ? t('cli.state.migrated.journals.finished', { finished: n(journals.finished) })
      : '';
  const unreadable =
    bookmarks.unreadable > 0
      ? t('teams.migrated.bookmarks.unreadable', { unreadable: n(bookmarks.unreadable) })
      : '';
  lines.push(
    runs.already > 0
      ? tCount('cli.state.migrated.runsAlready', runs.copied, { already: n(runs.already) })
      : tCount('cli.state.migrated.runs', runs.copied),
    journals.already > 0
      ? t('cli.state.migrated.journals.already', {
          copied: n(journals.copied),
          already: n(journals.already),
          finished,
        })
      : t('cli.state.migrated.journals', { copied: n(journals.copied), finished }),
    bookmarks.already > 0
      ? t('teams.migrated.bookmarks.already', {
          copied: n(bookmarks.copied),
          already: n(bookmarks.already),
          unreadable,
        })
      : t('teams.migrated.bookmarks', { copied: n(bookmarks.copied), unreadable }),
    t('cli.state.migrated.untouched', { from }),
  );
  return lines;
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
