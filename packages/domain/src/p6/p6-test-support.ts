/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Test support (not shipped: only *.test.ts import it). The P6 corpus lives outside the
 * repository, in the shared data folder (CIMIENTO_SHARED_DATA when set, else the nearest
 * `shared/data/p6` walking up from this file). Never copied in.
 */
export function p6DataDir(): string {
  const fromEnv = process.env['CIMIENTO_SHARED_DATA'];
  if (fromEnv) return path.join(fromEnv, 'p6');
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'p6');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir)
      throw new Error('No se encontró shared/data/p6; define CIMIENTO_SHARED_DATA con la carpeta de datos compartidos');
  }
}

export function readP6File(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(p6DataDir(), name)));
}
