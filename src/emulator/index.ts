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
