import { unprocessable } from '../../platform/http/errors.js';

/** A version as an entity tag: strong, quoted (`"3"`). */
export const etagOf = (version: number) => `"${version}"`;

/**
 * The version a write is based on: `If-Match: "3"` (or `W/"3"`, or a bare 3) and/or `version` in the body;
 * both given must agree. `If-Match: *` or neither means no precondition.
 */
export function expectedVersion(ifMatch: string | string[] | undefined, bodyVersion: number | undefined): number | undefined {
  const header = Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch;
  let fromHeader: number | undefined;
  if (header !== undefined && header.trim() !== '*') {
    const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 2_147_483_647) {
      throw unprocessable(['header', 'if-match'], 'If-Match must be one version as an entity tag, e.g. "3", or *');
    }
    fromHeader = Number(match[1]);
  }
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw unprocessable(['body', 'version'], `version ${bodyVersion} and If-Match ${fromHeader} disagree; send one of them`);
  }
  return fromHeader ?? bodyVersion;
}
