// Writes docs/errors.md from the error table: `npm run docs:errors`.
import { writeFileSync } from 'node:fs';
import { renderErrorsDoc } from '../src/platform/http/errors-doc.js';

writeFileSync(new URL('../docs/errors.md', import.meta.url), renderErrorsDoc());
