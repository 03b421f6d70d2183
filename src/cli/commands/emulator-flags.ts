/**
 * `cacs emulator`: its flags and help, declared beside its run function (emulator.ts) and
 * registered by program.ts; apart from the run function, so that help and start-up load no
 * command.
 */
import { Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { OPTION_DEFAULTS, defaultText } from '../../defaults.js';
import { emulatorCampaignArg, floatArg, intArg, regexArg } from '../flag-values.js';

export function defineEmulator(parent: CommandUnknownOpts) {
  return parent
    .command('emulator')
    .description('run a local, spec-faithful CACS service for trying cacs out and for tests')
    .option(
      '--port <n>',
      'port to listen on (0 = any free port)',
      intArg(0, 65535),
      OPTION_DEFAULTS.emulatorPort as number,
    )
    .option('--host <addr>', 'address to listen on', OPTION_DEFAULTS.emulatorHost as string)
    .option(
      '--token <token>',
      'the access_token the emulator accepts (a test value, not a secret)',
      OPTION_DEFAULTS.emulatorToken as string,
    )
    .option(
      '--campaign <key[=name]>',
      `a campaign it knows (repeatable; default ${defaultText('emulatorCampaign')})`,
      emulatorCampaignArg,
    )
    .option('--state <file>', 'keep leads in this JSON file across restarts')
    .option(
      '--latency <ms>',
      'answer every request this many ms after it arrived',
      intArg(0, 600_000),
      0,
    )
    .option(
      '--fail-rate <p>',
      'share of requests that fail (429, 503, dropped connections, answers lost after processing)',
      floatArg(0, 1),
      0,
    )
    .option('--seed <n>', 'seed for faults and synthetic call attempts', intArg(0, 2 ** 31), 1)
    .option(
      '--max-batch <n>',
      'answer HTTP 413 to imports with more leads than this',
      intArg(1, 10_000_000),
    )
    .option(
      '--phone-pattern <regex>',
      `stricter service-side phone rule (default ${defaultText('import.phonePattern')})`,
      regexArg,
    )
    .addOption(
      new Option('--message-style <style>', 'import success message form')
        .choices(['ratio', 'count'])
        .default('ratio'),
    )
    .addOption(
      new Option(
        '--attempts <style>',
        "report only attempts inside the window, or all of a lead's attempts",
      )
        .choices(['window', 'all'])
        .default('window'),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ cacs emulator
  $ CACS_BASE_URL=http://127.0.0.1:8787 CACS_ACCESS_TOKEN=emulator-token cacs import examples/leads.csv --campaign summer
  $ cacs emulator --port 0 --fail-rate 0.2 --seed 7 --state /tmp/cacs-emulator.json`,
    );
}
