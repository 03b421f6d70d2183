/**
 * Vietnamese for the ids of the catalog files that existed before issue 27 (en-cli.ts, en.ts's
 * own, en-door.ts, en-state.ts, en-lib-*.ts), spread into the Vietnamese catalog by vi.ts. The
 * words used are the README's glossary ("Language / Tiếng Việt").
 */
import { viBaseCli } from './vi-base-cli.js';
import { viBaseLib } from './vi-base-lib.js';

export const viBase: Readonly<Record<string, string>> = {
  ...viBaseCli,
  ...viBaseLib,
};
