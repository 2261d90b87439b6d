/**
 * Writes the transaction processes' Mermaid diagrams into README.md, between
 * the process-diagrams markers, from packages/contracts/src/processes.ts.
 *
 *   npx tsx scripts/process-diagrams.ts
 *
 * A contracts test fails when the README is behind the data.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { processDiagramsMarkdown, replaceProcessDiagrams } from '../packages/contracts/src/process-diagrams.ts';

const readme = new URL('../README.md', import.meta.url);
writeFileSync(readme, replaceProcessDiagrams(readFileSync(readme, 'utf8'), processDiagramsMarkdown()));
