// Writes docs/rules.md from the rule data: `npm run docs:rules -w @duescan/engine`.
import { writeFileSync } from 'node:fs';
import { RULES_DOC_PATH, renderCatalogue } from './catalogue';

writeFileSync(RULES_DOC_PATH, renderCatalogue());
process.stdout.write(`wrote ${RULES_DOC_PATH}\n`);
