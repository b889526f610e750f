/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../mspdi/mspdi-test-support';

/** Test support (only *.test.ts import it): a file of the P6 corpus in the shared data (never copied in). */
export function readP6File(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(sharedDataDir('p6'), name)));
}
