// The shape of the code, measured from its own files and imports (issue 31): the folders of the
// server, the web's features and the domain with their lines of code, the biggest files, the files
// over the 600-line rule, and the imports that run back up: a folder that imports a sibling folder
// which imports it back (a cycle between rooms), with the files on each side. Tests are left out of
// every figure. Prints a report; asserts nothing.
//
//   node scripts/structure-report.mjs            the report
//   import { structureOf } from './structure-report.mjs'   the figures as data
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The rooms measured: each folder directly under these is one room. */
export const ROOMS = ['apps/server/src', 'apps/web/src', 'apps/web/src/features', 'packages/domain/src'];

const SOURCE = /\.(ts|tsx|mjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mjs)$/;

function filesUnder(folder) {
  const out = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'testing') continue;
      out.push(...filesUnder(full));
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

function linesOf(file) {
  const text = readFileSync(file, 'utf8');
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The relative imports of a file, resolved to files (extension and index guessed as TypeScript does). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const targets = [];
  for (const match of text.matchAll(
    /(?:import|export)[^'"]*?from\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]|import\(\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]\s*\)/g,
  )) {
    const specifier = match[1] ?? match[2];
    // the web's alias: '@/x' is apps/web/src/x
    const base = specifier.startsWith('@/')
      ? path.join(root, 'apps/web/src', specifier.slice(2))
      : path.resolve(path.dirname(file), specifier);
    const candidates = [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      `${base}.mjs`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ];
    const found = candidates.find((candidate) => {
      try {
        return statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
    if (found) targets.push(found);
  }
  return targets;
}

/** The room (folder directly under `parent`) a file sits in, or undefined (a file directly in `parent`). */
function roomOf(parent, file) {
  const relative = path.relative(parent, file);
  if (relative.startsWith('..')) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

export function structureOf() {
  const rooms = [];
  const cycles = [];
  for (const parentRelative of ROOMS) {
    const parent = path.join(root, parentRelative);
    const files = filesUnder(parent).filter(
      (file) => !(parentRelative === 'apps/web/src' && roomOf(parent, file) === 'features'),
    );
    const byRoom = new Map();
    for (const file of files) {
      const room = roomOf(parent, file);
      if (room === undefined) continue;
      const entry = byRoom.get(room) ?? { lines: 0, files: 0 };
      entry.lines += linesOf(file);
      entry.files += 1;
      byRoom.set(room, entry);
    }
    for (const [room, { lines, files: count }] of [...byRoom].sort((a, b) => b[1].lines - a[1].lines)) {
      rooms.push({ parent: parentRelative, room, lines, files: count });
    }
    // who imports whom, room to room
    const edges = new Map();
    for (const file of files) {
      const from = roomOf(parent, file);
      if (from === undefined) continue;
      for (const target of importsOf(file)) {
        const to = roomOf(parent, target);
        if (to === undefined || to === from) continue;
        const key = `${from}→${to}`;
        const list = edges.get(key) ?? [];
        list.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
        edges.set(key, list);
      }
    }
    for (const [key, forward] of edges) {
      const [from, to] = key.split('→');
      if (from > to) continue;
      const backward = edges.get(`${to}→${from}`);
      if (backward) cycles.push({ parent: parentRelative, rooms: [from, to], forward, backward });
    }
  }
  const all = ROOMS.flatMap((parent) => filesUnder(path.join(root, parent)));
  const biggest = [...new Set(all)]
    .map((file) => ({ file: path.relative(root, file), lines: linesOf(file) }))
    .sort((a, b) => b.lines - a.lines);
  return { rooms, cycles, biggest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rooms, cycles, biggest } = structureOf();
  for (const parent of ROOMS) {
    const list = rooms.filter((room) => room.parent === parent);
    const total = list.reduce((sum, room) => sum + room.lines, 0);
    console.log(`\n${parent}: ${list.length} folders, ${total} lines (tests left out)`);
    for (const room of list) {
      console.log(
        `  ${room.room.padEnd(18)} ${String(room.lines).padStart(6)} lines  ${String(room.files).padStart(3)} files  ${((room.lines / total) * 100).toFixed(0)} %`,
      );
    }
  }
  console.log('\nthe biggest files:');
  for (const { file, lines } of biggest.slice(0, 15)) console.log(`  ${String(lines).padStart(5)}  ${file}`);
  const over = biggest.filter(({ file, lines }) => lines > 600 && !/i18n\/(es-cl|en-us)\.ts$/.test(file));
  console.log(`\nfiles over 600 lines (the i18n catalogues apart): ${over.length}`);
  for (const { file, lines } of over) console.log(`  ${String(lines).padStart(5)}  ${file}`);
  console.log(`\nfolders that import each other (imports running back up): ${cycles.length}`);
  for (const cycle of cycles) {
    console.log(`  ${cycle.parent}: ${cycle.rooms[0]} ⇄ ${cycle.rooms[1]}`);
    for (const line of [...cycle.forward.slice(0, 3), ...cycle.backward.slice(0, 3)]) console.log(`      ${line}`);
  }
}
