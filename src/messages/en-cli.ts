/**
 * The English catalog, the CLI's part: what the command line says (help, summaries, progress,
 * warnings, hints, views) and its own wording of the library messages whose remedy is one of
 * its flags (`cli.words.*`, registered by src/cli/render/advice.ts). Flag and command names,
 * codes and JSON are never messages: they stay as they are in every language.
 */
export const enCli = {
  // ── the library's messages in the CLI's words (a remedy named by its flag) ─────────────
  'cli.words.import.rejects.overwritesInput':
    '--rejects would overwrite the file being imported ({file})',
  'cli.words.import.overwritesInput.hint':
    'Choose another file with --rejects, or rename the input.',
  'cli.words.import.row.uncertainEarlier':
    'sent {earlier}, but no definite answer came: cacs reconcile checks the campaign for it; resend it only if it is not there (--retry-uncertain)',
  'cli.words.reconcile.run.notFound': '--run: no run {run} in the history',
  'cli.words.reconcile.run.ambiguous': '--run: {run} matches {count} runs',
  'cli.words.reconcile.run.otherCampaign':
    '--run: run {run} imported into campaign {campaign} at {service}, not {asked} at {askedService}',
  'cli.words.reconcile.run.otherCampaign.hint':
    "Give --campaign {campaign} (and that service's address).",
} as const;
