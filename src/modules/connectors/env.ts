import { realpathSync } from 'node:fs';
import type { Config } from '../../platform/config.js';
import type { ConnectorEnv } from './kinds/kind.js';

/**
 * What kinds read of the operator's settings. Folder roots are resolved to real paths once, at start: a root that
 * does not exist is left out (and logged), so the folder kind refuses paths under it rather than the service failing.
 */
export function connectorEnv(config: Pick<Config, 'connectors'>, warn: (msg: string) => void = () => {}): ConnectorEnv {
  const c = config.connectors;
  const folderRoots: string[] = [];
  for (const root of c.folderRoots) {
    try {
      folderRoots.push(realpathSync(root));
    } catch {
      warn(`CONNECTOR_FOLDER_ROOTS: ${root} does not exist or cannot be read; no folder connector may read under it`);
    }
  }
  return {
    folderRoots,
    userAgent: c.userAgent,
    policy: { allowPrivate: c.allowPrivateUrls, allowedHosts: c.allowedHosts },
    graphBaseUrl: c.graphBaseUrl,
    graphLoginUrl: c.graphLoginUrl,
  };
}
