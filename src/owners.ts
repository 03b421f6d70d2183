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

/**
 * Whether `uid` is this user's (`me`), root's, or — when root runs cacs through sudo — the user's
 * who ran sudo (`SUDO_UID`, as git trusts it): `sudo cacs …` in one's own project reads one's own
 * configuration and state folder, which are no other user's.
 */
export function trustedOwner(uid: number, me: number): boolean {
  if (uid === me || uid === 0) return true;
  const sudo = me === 0 ? process.env.SUDO_UID : undefined;
  return sudo !== undefined && /^\d{1,10}$/.test(sudo) && Number(sudo) === uid;
}

/** A file's or folder's permission bits as messages say them: `0777`, `2775`. */
export function modeText(st: { mode: number }): string {
  return (st.mode & 0o7777).toString(8).padStart(4, '0');
}

/**
 * Whether others may put their own entries in place of the folder's (rename or remove them):
 * `bits` of the mode set (0o002: anyone; 0o020: its group) and no sticky bit.
 */
export function replaceableBy(st: { mode: number }, bits: number): boolean {
  return (st.mode & bits) !== 0 && (st.mode & 0o1000) === 0;
}
