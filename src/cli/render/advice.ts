/**
 * The CLI's words for the library's stops and remedies: the library says what can be done
 * (`Remedy` ids, and sentences without flags); this is the one place that turns them into flags.
 */
import { type Remedy, type Stop, setFaceWords, type MessageId } from '../../index.js';

/** The flag of the command line that carries out a remedy, where one does. */
const FLAG_OF: Partial<Record<Remedy, string>> = {
  restart: '--restart',
  allow_repeat: '--allow-repeat',
  retry_uncertain: '--retry-uncertain',
  choose_rejects_file: '--rejects',
};

/** The flags that carry out these remedies, in their order. */
export function flagsFor(remedies: readonly Remedy[]): string[] {
  return remedies.flatMap((r) => (FLAG_OF[r] !== undefined ? [FLAG_OF[r]] : []));
}

/** A stop's hint line as the CLI prints it (stderr and `--json`'s `error.hint`). */
export function stopHint(stop: Stop): string | undefined {
  return stop.hint;
}

/**
 * The library messages whose remedy the CLI names by its flag, and the CLI's message for each
 * (the same placeholders): e.g. a lead held back as uncertain by an earlier run says
 * "(--retry-uncertain)" in the skipped file cacs import writes, where the library says "(an
 * import that retries uncertain leads)".
 */
export const CLI_WORDS = {
  'import.rejects.overwritesInput': 'cli.words.import.rejects.overwritesInput',
  'import.overwritesInput.hint': 'cli.words.import.overwritesInput.hint',
  'import.rejects.isList.hint': 'cli.words.import.rejects.isList.hint',
  'import.sidecar.inStateFolder.hint': 'cli.words.import.sidecar.inStateFolder.hint',
  'import.row.uncertainEarlier': 'cli.words.import.row.uncertainEarlier',
  'state.pg.restarted': 'cli.words.state.pg.restarted',
  'state.pg.restarted.repeat': 'cli.words.state.pg.restarted.repeat',
  'state.file.restarted': 'cli.words.state.file.restarted',
  'state.file.restarted.repeat': 'cli.words.state.file.restarted.repeat',
  'reconcile.run.notFound': 'cli.words.reconcile.run.notFound',
  'reconcile.run.ambiguous': 'cli.words.reconcile.run.ambiguous',
  'reconcile.run.otherCampaign': 'cli.words.reconcile.run.otherCampaign',
  'reconcile.run.otherCampaign.hint': 'cli.words.reconcile.run.otherCampaign.hint',
  'reconcile.run.otherService.hint': 'cli.words.reconcile.run.otherService.hint',
  'reconcile.run.hint': 'cli.words.runs.hint',
  'history.run.hint': 'cli.words.runs.hint',
  'leads.sidecar.rejects.diskFull.hint': 'cli.words.leads.sidecar.rejects.diskFull.hint',
  'leads.sidecar.rejects.notWritable.hint': 'cli.words.leads.sidecar.rejects.notWritable.hint',
  'leads.written.allKept.hint': 'cli.words.leads.written.allKept.hint',
  'config.baseUrl.missing.hint': 'cli.words.config.baseUrl.missing.hint',
  'config.insecureHttp.hint': 'cli.words.config.insecureHttp.hint',
  'config.campaign.missing.hint': 'cli.words.config.campaign.missing.hint',
  'config.campaign.empty.hint': 'cli.words.config.campaign.empty.hint',
  'config.campaign.tooLong.hint': 'cli.words.config.campaign.tooLong.hint',
  'api.campaign.refused.hint': 'cli.words.api.campaign.refused.hint',
  'input.invalidUtf8.hint': 'cli.words.input.invalidUtf8.hint',
  'input.binary.hint': 'cli.words.input.binary.hint',
  'input.sheetNotXlsx': 'cli.words.input.sheetNotXlsx',
  'input.unknownEncoding': 'cli.words.input.unknownEncoding',
  'input.sheet.hint': 'cli.words.input.sheet.hint',
  'leads.reject.phone.oldMobile': 'cli.words.leads.reject.phone.oldMobile',
  'input.csv.width.hint': 'cli.words.input.csv.width.hint',
  'input.sheet.otherHasData': 'cli.words.input.sheet.otherHasData',
  'input.sheet.othersHaveData': 'cli.words.input.sheet.othersHaveData',
  'api.timeout.hint': 'cli.words.api.timeout.hint',
  'api.answer.tooLarge.hint': 'cli.words.api.answer.tooLarge.hint',
  'api.report.totalTooLarge.hint': 'cli.words.api.report.totalTooLarge.hint',
  'state.journal.damaged.hint': 'cli.words.state.journal.damaged.hint',
  'state.journal.noHeader.hint': 'cli.words.state.journal.noHeader.hint',
  'leads.columns.mappedMissing.hint': 'cli.words.leads.columns.mappedMissing.hint',
  'leads.columns.noHeader.hint': 'cli.words.leads.columns.noHeader.hint',
  'leads.columns.ambiguous.hint': 'cli.words.leads.columns.ambiguous.hint',
  'leads.columns.noPhone.hint': 'cli.words.leads.columns.noPhone.hint',
  'leads.columns.oneColumn.hint': 'cli.words.leads.columns.oneColumn.hint',
  'leads.columns.unmapped.hint': 'cli.words.leads.columns.unmapped.hint',
  'leads.columns.unmapped.free.hint': 'cli.words.leads.columns.unmapped.free.hint',
  'leads.columns.mapPair': 'cli.words.leads.columns.mapPair',
  'leads.columns.map.form.hint': 'cli.words.leads.columns.map.form.hint',
  'leads.columns.map.noColumn.hint': 'cli.words.leads.columns.map.noColumn.hint',
  'leads.columns.map.twice.hint': 'cli.words.leads.columns.map.twice.hint',
  'config.file.denied.hint': 'cli.words.config.file.denied.hint',
  'config.file.denied.project.hint': 'cli.words.config.file.denied.project.hint',
  'config.file.foreign.hint': 'cli.words.config.file.foreign.hint',
  'config.file.writable.hint': 'cli.words.config.file.writable.hint',
  'config.file.special.hint': 'cli.words.config.file.special.hint',
  'config.file.group.hint': 'cli.words.config.file.group.hint',
  'report.bookmark.unreadable.named.hint': 'cli.words.report.bookmark.unreadable.named.hint',
  'report.bookmark.unreadable.hint': 'cli.words.report.bookmark.unreadable.hint',
  'report.outputName.hint': 'cli.words.report.outputName.hint',
  'report.zip.tooLarge.hint': 'cli.words.report.zip.tooLarge.hint',
  'report.when.forms.hint': 'cli.words.report.when.forms.hint',
  'privacy.forget.nobody': 'cli.privacy.forget.nobody',
  'emulator.portInUse.hint': 'cli.emulator.portInUse.hint',
  'privacy.forget.nobody.hint': 'cli.privacy.forget.nobody.hint',
  // The range's ends: the library names its options (from, to), the CLI its flags.
  'report.when.invalid': 'cli.words.report.when.invalid',
  'report.range.noFrom': 'cli.words.report.range.noFrom',
  'report.status.tooLong': 'cli.words.report.status.tooLong',
  'report.range.noFrom.hint': 'cli.words.report.range.noFrom.hint',
  'report.range.reversed': 'cli.words.report.range.reversed',
  'report.range.reversed.toNow.hint': 'cli.words.report.range.reversed.toNow.hint',
  'report.fetch.tooLarge.hint': 'cli.words.report.fetch.tooLarge.hint',
  // The report's run (issue 23 item 3): its flags where the library says what was asked.
  'report.run.bookmarkedExists': 'cli.words.report.run.bookmarkedExists',
  'report.run.bookmarkedExists.hint': 'cli.words.report.run.bookmarkedExists.hint',
  'report.run.end.to': 'cli.words.report.run.end.to',
  'report.run.nothingYet': 'cli.words.report.run.nothingYet',
  'report.bookmark.namesakes.hint': 'cli.words.report.bookmark.namesakes.hint',
  'report.bookmark.firstRun': 'cli.words.report.bookmark.firstRun',
  'report.bookmark.firstRun.hint': 'cli.words.report.bookmark.firstRun.hint',
  'report.bookmark.fromAgain': 'cli.words.report.bookmark.fromAgain',
  'report.bookmark.fromAgain.hint': 'cli.words.report.bookmark.fromAgain.hint',
  'report.bookmark.none.hint': 'cli.words.report.bookmark.none.hint',
} as const satisfies Partial<Record<MessageId, MessageId>>;

/** From now on, the library's messages above are said in the CLI's words (program.ts). */
export function useCliWords(): void {
  setFaceWords(CLI_WORDS);
}
