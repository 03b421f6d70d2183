/**
 * `cacs config`: its flags and help, declared beside its run function (config.ts) and registered
 * by program.ts; apart from the run function, so that help and start-up load no command.
 */
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

export function defineConfigShow(parent: CommandUnknownOpts) {
  return parent
    .command('show')
    .description('print each effective setting and where it comes from (token masked)')
    .option('--json', 'print one JSON object on stdout: { settings, files, exitCode, error }')
    .option('--pretty', 'with --json: the JSON indented on several lines (default: one line)');
}

export function defineConfigPath(parent: CommandUnknownOpts) {
  return parent
    .command('path')
    .description('print the config files in effect and where cacs looks for them');
}

export function defineConfigInit(parent: CommandUnknownOpts) {
  return parent
    .command('init')
    .description(
      'write a commented starter config (.cacsrc.yaml here, or --user for your user config); never overwrites',
    )
    .option('--user', "write to the user's config folder instead of the current directory");
}
