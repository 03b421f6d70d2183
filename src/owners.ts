/**
 * Who owns a file or folder, as messages say it, and whose files cacs trusts: the user running
 * it, or root (root may change any file anyway). Used where another local user could have
 * placed or changed what cacs reads or writes (config files found by searching, the state
 * folder, names cacs writes).
 */
import fs from 'node:fs';
import { t } from './messages/index.js';

/** `nobody (uid 65534)`, or `uid 1001` when /etc/passwd does not say. */
export function ownerName(uid: number): string {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && id !== undefined && Number(id) === uid)
        return t('config.file.owner', { name, uid });
    }
  } catch {
    // no passwd file to read: the number alone
  }
  return t('config.file.owner.uid', { uid });
}

/** Whether `uid` is this user's (`me`) or root's. */
export function trustedOwner(uid: number, me: number): boolean {
  return uid === me || uid === 0;
}
