/**
 * `cacs state status | migrate`: where state lives and what it holds; a file store copied into
 * PostgreSQL. The library does the work (stateStatus, migrateState); this module renders it.
 */
import { migrateState, stateStatus } from '../../index.js';
import type { Context } from '../context.js';
import type { Flags } from '../flags.js';
import type { defineStateMigrate, defineStateStatus } from './state-flags.js';

const n = (v: number) => v.toLocaleString('en-US');

export async function runStateStatus(
  flags: Flags<typeof defineStateStatus>,
  ctx: Context,
): Promise<number> {
  const { settings } = await ctx.settings();
  const status = await stateStatus({
    stateDir: settings.stateDir,
    ...(settings.stateUrl !== undefined ? { state: settings.stateUrl } : {}),
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
  });
  if (flags.json) {
    ctx.out.json({ status, exitCode: 0, error: null });
    return 0;
  }
  const lines = [
    `store:    ${status.store === 'postgres' ? 'PostgreSQL' : 'files'}`,
    `location: ${status.location}`,
    ...(status.schemaVersion !== undefined
      ? [`schema:   version ${status.schemaVersion} (this cacs knows ${status.knownSchemaVersion})`]
      : []),
    `ledgers:  ${n(status.ledgers)} (${n(status.ledgerRecords)} records)`,
    `runs:     ${n(status.runs)}`,
    `journals: ${n(status.journals)}`,
    `bookmarks: ${n(status.bookmarks)}`,
  ];
  ctx.io.stdout.write(ctx.out.scrub(`${lines.join('\n')}\n`));
  return 0;
}

export async function runStateMigrate(
  flags: Flags<typeof defineStateMigrate>,
  ctx: Context,
): Promise<number> {
  ctx.out.addSecret(passwordOf(flags.to));
  const { settings } = await ctx.settings();
  const migrated = await migrateState({
    to: flags.to,
    stateDir: settings.stateDir,
    ...(settings.stateSchema !== undefined ? { stateSchema: settings.stateSchema } : {}),
  });
  if (flags.json) {
    ctx.out.json({ migrated, exitCode: 0, error: null });
    return 0;
  }
  const lines = [`copied from ${migrated.from} into ${migrated.to}:`];
  for (const l of migrated.ledgers)
    lines.push(
      `  ledger ${l.campaign} at ${l.serviceUrl}: ${n(l.copied)} records copied` +
        (l.already > 0 ? `, ${n(l.already)} already there` : ''),
    );
  if (migrated.ledgers.length === 0) lines.push('  no ledgers');
  lines.push(
    `  history: ${n(migrated.runs.copied)} runs copied` +
      (migrated.runs.already > 0 ? `, ${n(migrated.runs.already)} already there` : ''),
    `  journals: ${n(migrated.journals.copied)} unfinished copied` +
      (migrated.journals.already > 0 ? `, ${n(migrated.journals.already)} already there` : '') +
      (migrated.journals.finished > 0
        ? `; ${n(migrated.journals.finished)} finished, not needed`
        : ''),
    `  bookmarks: ${n(migrated.bookmarks)} stay in ${migrated.from} (read there by both stores)`,
    `the folder ${migrated.from} is left as it was`,
  );
  ctx.io.stdout.write(ctx.out.scrub(`${lines.join('\n')}\n`));
  return 0;
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
