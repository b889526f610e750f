import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkArchitectureMap, compareMap, existingFolders, namedFolders } from './architecture-map.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('docs/ARCHITECTURE.md, the folder map', () => {
  it('names every folder under the server, the web app, its features and the domain, and only those', () => {
    expect(checkArchitectureMap(repoRoot)).toEqual({ missing: [], stale: [] });
  });
});

describe('checkArchitectureMap', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  function tree(folders: string[], doc: string): string {
    root = mkdtempSync(path.join(os.tmpdir(), 'architecture-map-'));
    for (const folder of folders) mkdirSync(path.join(root, folder), { recursive: true });
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/ARCHITECTURE.md'), doc);
    return root;
  }

  const roots = ['apps/server/src', 'apps/web/src', 'apps/web/src/features', 'packages/domain/src'];

  it('fails for a folder the document does not name, and for one it names that is gone', () => {
    const repo = tree(
      [...roots, 'apps/server/src/gantt', 'apps/server/src/tracking', 'apps/web/src/features/gantt/chart'],
      '`apps/server/src/gantt/` the Gantt; `apps/server/src/projects/` projects; apps/web/src/features/ ' +
        'features/gantt/chart/',
    );
    expect(checkArchitectureMap(repo)).toEqual({
      missing: ['apps/server/src/tracking', 'apps/web/src/features/gantt'],
      stale: ['apps/server/src/projects'],
    });
  });

  it('reads only full paths: a bare folder name does not count, a path into a deeper folder names its parent', () => {
    const named = namedFolders('src/gantt/ and gantt/ and xapps/server/src/edp/ and apps/server/src/edc/x/');
    expect([...named]).toEqual(['apps/server/src/edc']);
  });

  it('leaves hidden and __snapshots__ folders out', () => {
    const repo = tree(
      [...roots, 'packages/domain/src/__snapshots__', 'packages/domain/src/.cache', 'packages/domain/src/gantt'],
      '',
    );
    expect([...existingFolders(repo)]).toEqual(['apps/web/src/features', 'packages/domain/src/gantt']);
  });

  it('compares both ways', () => {
    expect(compareMap(new Set(['a/x', 'a/y']), new Set(['a/y', 'a/z']))).toEqual({ missing: ['a/z'], stale: ['a/x'] });
  });
});
