import { Type, type Static } from 'typebox';
import type { ConfigProblem } from './kind.js';

/** The four ways of naming the drive to sync; a connector uses exactly one. */
const DRIVE_SELECTORS = ['site', 'site_id', 'user', 'drive_id'] as const;

const Pattern = Type.String({ minLength: 1, maxLength: 200 });

export const SharePointConfigSchema = Type.Object(
  {
    tenant_id: Type.String({
      minLength: 1,
      maxLength: 255,
      // A GUID or a verified domain (contoso.onmicrosoft.com): it becomes a path segment of the token URL.
      pattern: '^[A-Za-z0-9][A-Za-z0-9.-]*$',
      description: 'Azure AD (Entra ID) tenant: its GUID or a verified domain such as contoso.onmicrosoft.com.',
    }),
    client_id: Type.String({ minLength: 1, maxLength: 100, description: 'Application (client) ID of the app registration.' }),
    site: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: "A SharePoint site's document library: host and site path (contoso.sharepoint.com:/sites/Docs) or the site's URL.",
      }),
    ),
    site_id: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: "A site's Graph id: its default document library is synced." })),
    user: Type.Optional(Type.String({ minLength: 1, maxLength: 320, description: "A user's OneDrive: user principal name or object id." })),
    drive_id: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'A drive (document library) by its Graph id.' })),
    folder_path: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1000, description: 'Only items under this folder of the drive (e.g. /Policies/2026).' }),
    ),
    include: Type.Optional(
      Type.Array(Pattern, { maxItems: 50, description: 'File name patterns (* and ?, case-insensitive) to sync; all files when absent.' }),
    ),
    exclude: Type.Optional(Type.Array(Pattern, { maxItems: 50, description: 'File name patterns (* and ?, case-insensitive) to leave out.' })),
  },
  { additionalProperties: false },
);

export const SharePointCredentialsSchema = Type.Object(
  { client_secret: Type.String({ minLength: 1, maxLength: 1000, description: "A client secret of the app registration." }) },
  { additionalProperties: false },
);

export type SharePointConfig = Static<typeof SharePointConfigSchema>;
export type SharePointCredentials = Static<typeof SharePointCredentialsSchema>;

/** `contoso.sharepoint.com:/sites/Docs`, or the site's URL `https://contoso.sharepoint.com/sites/Docs`. */
export function parseSite(site: string): { host: string; path: string } | null {
  let host: string;
  let path: string;
  if (/^https:\/\//i.test(site)) {
    let url: URL;
    try {
      url = new URL(site);
    } catch {
      return null;
    }
    host = url.hostname;
    path = decodeURIComponent(url.pathname);
  } else {
    const colon = site.indexOf(':');
    if (colon < 0) return null;
    host = site.slice(0, colon);
    path = site.slice(colon + 1);
  }
  path = path.replace(/\/+$/, '');
  if (!/^[A-Za-z0-9.-]+$/.test(host) || !path.startsWith('/') || path.split('/').some((s, i) => i > 0 && (s === '' || s === '..' || s === '.'))) {
    return null;
  }
  return { host: host.toLowerCase(), path };
}

/** `/Policies/2026` from `Policies/2026/` or `/Policies//2026`: segments only, no `.` or `..`. Null for the root. */
export function normaliseFolder(folder: string | undefined): string[] | null {
  if (folder === undefined) return null;
  const segments = folder.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) throw new Error('folder_path must not contain . or .. segments');
  return segments.length === 0 ? null : segments;
}

export function checkConfig(config: SharePointConfig): ConfigProblem | null {
  const given = DRIVE_SELECTORS.filter((key) => config[key] !== undefined);
  if (given.length !== 1) {
    return {
      loc: ['config', given[1] ?? 'site'],
      message: `name the drive in exactly one way: site, site_id, user or drive_id (${given.length === 0 ? 'none' : given.join(' and ')} given)`,
    };
  }
  if (config.site !== undefined && !parseSite(config.site)) {
    return { loc: ['config', 'site'], message: 'site must be host and site path (contoso.sharepoint.com:/sites/Docs) or the https URL of the site' };
  }
  try {
    normaliseFolder(config.folder_path);
  } catch (error) {
    return { loc: ['config', 'folder_path'], message: (error as Error).message };
  }
  return null;
}

/**
 * Matches a name against a pattern of `*` (any run) and `?` (one character), ignoring case. Written as the classic
 * two-pointer wildcard match (linear in practice, never exponential), not as a RegExp: a tenant's `*a*a*a*b` must not
 * cost a backtracking engine its time.
 */
export function wildcardMatch(pattern: string, name: string): boolean {
  const p = pattern.toLowerCase();
  const s = name.toLowerCase();
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (j < s.length) {
    if (i < p.length && (p[i] === '?' || p[i] === s[j])) {
      i++;
      j++;
    } else if (i < p.length && p[i] === '*') {
      star = i++;
      mark = j;
    } else if (star >= 0) {
      i = star + 1;
      j = ++mark;
    } else return false;
  }
  while (i < p.length && p[i] === '*') i++;
  return i === p.length;
}

/** Whether a file of this name is synced under the include/exclude patterns. */
export function nameWanted(config: Pick<SharePointConfig, 'include' | 'exclude'>, name: string): boolean {
  if (config.include?.length && !config.include.some((p) => wildcardMatch(p, name))) return false;
  return !config.exclude?.some((p) => wildcardMatch(p, name));
}
