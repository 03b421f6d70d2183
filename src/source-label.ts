/**
 * Where a setting came from (resolveSettings' `sources`), in the reader's language, for the
 * views a person reads (`cacs config show`, the summary's compliance rules). The stored form
 * stays English and is what `--json` gives: scripts read it. Flag, variable and file names are
 * never translated; only the words around them.
 */
import { t } from './messages/index.js';

export function describeSource(source: string): string {
  return source.split(' + ').map(describeOne).join(' + ');
}

function describeOne(part: string): string {
  // "<source> (defaultCampaign)", "default (serviceTimezone)": the key it came through.
  const through = /^(.*) \((\w+)\)$/s.exec(part);
  if (through !== null) return `${describeOne(through[1]!)} (${through[2]!})`;
  if (part === 'default') return t('config.source.default');
  const word = /^(flag|env) (.+)$/s.exec(part);
  if (word !== null)
    return t(word[1] === 'flag' ? 'config.source.flag' : 'config.source.env', { name: word[2]! });
  const file = /^(user|project) config (.+)$/s.exec(part);
  if (file !== null)
    return t(file[1] === 'user' ? 'config.source.user' : 'config.source.project', {
      path: file[2]!,
    });
  const profile = /^profile (\S+) in (.+)$/s.exec(part);
  if (profile !== null)
    return t('config.source.profile', { profile: profile[1]!, path: profile[2]! });
  // "--config <path>", "not set" and the like: a flag and a path, or already in words.
  return part;
}
