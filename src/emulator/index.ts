/**
 * `cacs/emulator`: a local CACS service for tests and demos (the same one `cacs emulator`
 * runs). It keeps campaigns and imported leads in memory (or a JSON file), answers imports and
 * call-result reports as the spec says, and can inject faults.
 *
 * ```ts
 * import { startEmulator } from 'cacs/emulator';
 * const emu = await startEmulator({ port: 0, campaigns: [{ key: 'CAMP1' }] });
 * // emu.url, emu.token … then
 * await emu.close();
 * ```
 * @packageDocumentation
 */
export {
  startEmulator,
  DEFAULT_EMULATOR_PORT,
  DEFAULT_EMULATOR_TOKEN,
  type EmulatorFaults,
  type EmulatorOptions,
  type RunningEmulator,
} from './server.js';
export {
  EmulatorStore,
  type EmulatorCampaign,
  type ReceivedImport,
  type ReportRequestLog,
  type StoredLead,
} from './store.js';
export type { EmulatorRecord } from './handlers.js';
export {
  ATTEMPT_STATUSES,
  MAX_ATTEMPT_SPAN_MS,
  generateAttempts,
  type AttemptEntry,
  type GeneratedAttempt,
} from './generator.js';
