// Writes web/src/api/schema.d.ts from the served OpenAPI document: `npm run web:client`.
import { writeFileSync } from 'node:fs';
import { renderClientTypes, SCHEMA_FILE, servedDocument } from './web-client.js';

writeFileSync(SCHEMA_FILE, await renderClientTypes(await servedDocument()));
