import { AppError } from '../../platform/http/errors.js';
import { Outcome } from '../../platform/http/route.js';

type ConflictCode = 'app_record_version_conflict' | 'rich_document_version_conflict';

/**
 * A write based on a version that is no longer the current one. It carries the object as it is now, so
 * the route can answer `{detail, code, current}` and the client can merge without another round trip.
 */
export class StaleVersion<T = unknown> extends AppError {
  constructor(
    code: ConflictCode,
    detail: string,
    readonly current: T,
  ) {
    super(code, detail);
  }
}

/** Runs a write; a stale version becomes the 409 body with `current` beside `detail` and `code`. */
export async function answeringConflicts<R>(write: () => Promise<R>): Promise<R | Outcome<never>> {
  try {
    return await write();
  } catch (error) {
    // The route declares this 409 body (`{detail, code, current}`); Outcome's type speaks for success bodies only.
    if (error instanceof StaleVersion) return new Outcome<never>(409, { detail: String(error.detail), code: error.code, current: error.current } as never);
    throw error;
  }
}
