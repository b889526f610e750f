// The folder map in docs/ARCHITECTURE.md against the tree (issue 31): every folder directly under the
// code's roots must be named in the document by its full path ('apps/server/src/gantt/'), and every
// folder the document names under those roots must exist. Run `node scripts/architecture-map.mjs`;
// scripts/architecture-map.test.ts keeps it true.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The roots whose immediate folders the map names. */
export const MAPPED_ROOTS = ['apps/server/src', 'apps/web/src', 'apps/web/src/features', 'packages/domain/src'];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The folders the document names directly under each root, as 'root/name'. */
export function namedFolders(doc, roots = MAPPED_ROOTS) {
  const named = new Set();
  for (const root of roots) {
    const pattern = new RegExp(`(?<![\\w/.-])${escape(root)}/([a-z0-9][a-z0-9_-]*)/`, 'g');
    for (const match of doc.matchAll(pattern)) named.add(`${root}/${match[1]}`);
  }
  return named;
}

/** The folders that exist directly under each root, as 'root/name' (hidden and '__x__' folders apart). */
export function existingFolders(repoRoot, roots = MAPPED_ROOTS) {
  const found = new Set();
  for (const root of roots) {
    for (const entry of readdirSync(path.join(repoRoot, root), { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('__')) {
        found.add(`${root}/${entry.name}`);
      }
    }
  }
  return found;
}

/** What the map misses (folders not named) and what it names that is not there. */
export function compareMap(named, existing) {
  return {
    missing: [...existing].filter((folder) => !named.has(folder)).sort(),
    stale: [...named].filter((folder) => !existing.has(folder)).sort(),
  };
}

export function checkArchitectureMap(repoRoot) {
  const doc = readFileSync(path.join(repoRoot, 'docs/ARCHITECTURE.md'), 'utf8');
  return compareMap(namedFolders(doc), existingFolders(repoRoot));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { missing, stale } = checkArchitectureMap(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  for (const folder of missing) console.log(`not in docs/ARCHITECTURE.md: ${folder}/`);
  for (const folder of stale) console.log(`named in docs/ARCHITECTURE.md but missing: ${folder}/`);
  if (missing.length + stale.length > 0) process.exitCode = 1;
  else console.log('docs/ARCHITECTURE.md names every folder of the code, and only those');
}
