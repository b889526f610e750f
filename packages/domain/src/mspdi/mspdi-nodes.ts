import type { XmlNode } from './mspdi-xml';

/** Reading the nodes of an MSPDI file (mspdi-xml.ts) for parseMspdi: children by name, texts and numbers. */

export function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function child(node: XmlNode | undefined, key: string): XmlNode | undefined {
  const value = node?.[key];
  return isNode(value) ? value : undefined;
}

export function children(node: XmlNode | undefined, key: string): XmlNode[] {
  const value = node?.[key];
  if (Array.isArray(value)) return value.filter(isNode);
  return isNode(value) ? [value] : [];
}

export function text(node: XmlNode | undefined, key: string): string | undefined {
  const value = node?.[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return undefined;
}

export function int(node: XmlNode | undefined, key: string): number | undefined {
  const value = text(node, key)?.trim();
  if (value === undefined || !/^[-+]?\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

export function num(node: XmlNode | undefined, key: string): number | undefined {
  const value = text(node, key)?.trim();
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export function flag(node: XmlNode | undefined, key: string): boolean {
  const value = text(node, key)?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/** A <Task> of the file with what every step reads first. */
export type RawTask = {
  node: XmlNode;
  uid: number;
  level: number;
  name: string;
};
