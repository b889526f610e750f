import { formatNumber } from '@cimiento/domain';
import { SaxesParser } from 'saxes';
import type { SaxesTag } from 'saxes';
import { TimeSlices } from './time-slices';
import { NotAWorkbookError, limitError } from './xlsx-limits';
import type { WorkbookLimits } from './xlsx-limits';

/** A part's XML parsed by saxes as it is inflated (depth and DOCTYPE checked), and the relationships parts. */

type XmlHandlers = {
  open: (name: string, attributes: Record<string, string>) => void;
  close: (name: string) => void;
  text: (text: string) => void;
};

/** An element's or attribute's name without its namespace prefix ('x:row' → 'row'). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Parses one part's text with saxes, checking the depth and refusing a DOCTYPE. */
export async function readXml(
  chunks: AsyncIterable<string>,
  handlers: XmlHandlers,
  limits: WorkbookLimits,
  slicer: TimeSlices,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  parser.on('error', () => {
    throw new NotAWorkbookError('xml');
  });
  parser.on('doctype', () => {
    throw limitError('El libro declara un DOCTYPE (entidades XML), que Excel no escribe; no se lee por seguridad');
  });
  parser.on('opentag', (tag: SaxesTag) => {
    depth += 1;
    if (depth > limits.depth) {
      throw limitError(
        `El libro tiene elementos anidados a más de ${formatNumber(limits.depth)} niveles; Excel no escribe libros así`,
      );
    }
    handlers.open(localName(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag: SaxesTag) => {
    depth -= 1;
    handlers.close(localName(tag.name));
  });
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  for await (const chunk of chunks) {
    parser.write(chunk);
    await slicer.turn();
  }
  parser.close();
}

/** An attribute by its local name ('r:id' and 'id' alike when `prefixed`). */
export function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  if (!prefixed) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (key !== name && localName(key) === name) return value;
  return undefined;
}

/** A part path relative to `folder` ('xl'), as the zip names it. */
export function resolvePart(folder: string, target: string): string {
  if (target.startsWith('/')) return target.replace(/^\/+/, '');
  const parts = folder === '' ? [] : folder.split('/');
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

export type Relationship = { id: string; type: string; target: string };

export async function readRelationships(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const relationships: Relationship[] = [];
  await readXml(
    text,
    {
      open: (name, attributes) => {
        if (name !== 'Relationship') return;
        relationships.push({
          id: attributes['Id'] ?? '',
          type: attributes['Type'] ?? '',
          target: attributes['Target'] ?? '',
        });
      },
      close: () => undefined,
      text: () => undefined,
    },
    limits,
    slicer,
  );
  return relationships;
}
