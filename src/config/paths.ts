import os from 'node:os';
import path from 'node:path';
import { ENV, envValue, type Env } from './env.js';

const APP = 'cacs';

function home(env: Env): string {
  return envValue(env, ENV.home) ?? os.homedir();
}

/** The user's global config folder (the same place cosmiconfig's global search uses). */
export function userConfigDir(env: Env, platform = process.platform): string {
  if (platform === 'darwin') return path.join(home(env), 'Library', 'Preferences', APP);
  if (platform === 'win32') {
    const appData = env.APPDATA ?? path.join(home(env), 'AppData', 'Roaming');
    return path.join(appData, APP, 'Config');
  }
  return path.join(envValue(env, ENV.xdgConfigHome) ?? path.join(home(env), '.config'), APP);
}

/** The state folder: CACS_STATE_DIR, else {@link defaultStateDir}. */
export function stateDirIn(env: Env): string {
  return envValue(env, ENV.stateDir) ?? defaultStateDir(env);
}

/** Where journals and locks live unless CACS_STATE_DIR says otherwise. */
export function defaultStateDir(env: Env, platform = process.platform): string {
  if (platform === 'darwin') return path.join(home(env), 'Library', 'Application Support', APP);
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA ?? path.join(home(env), 'AppData', 'Local');
    return path.join(local, APP, 'State');
  }
  return path.join(envValue(env, ENV.xdgStateHome) ?? path.join(home(env), '.local', 'state'), APP);
}
