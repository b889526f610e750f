import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES, leaf, mspdiFile, readSample } from './mspdi-test-support';
import { MAX_MSPDI_VALUE_CHARS, MspdiXmlReader } from './mspdi-xml';
import { createMspdiParser, parseMspdi } from './parse-mspdi';

function readInPieces(xml: string, size: number) {
  const parser = createMspdiParser();
  for (let at = 0; at < xml.length; at += size) parser.write(xml.slice(at, at + size));
  return parser.end();
}

describe('MspdiXmlReader (issue 30)', () => {
  it('gives the same result read whole or in pieces of any size, references cut between pieces included', () => {
    const xml = mspdiFile({ tasks: [leaf(1, 'A &amp; B &#209;u&#xF1;oa a&#0;b', 1), leaf(2, 'Segunda', 2)] });
    const whole = parseMspdi(xml);
    expect(whole.ok).toBe(true);
    for (const size of [1, 2, 3, 7, 64, 1000]) expect(readInPieces(xml, size)).toEqual(whole);
    for (const file of SAMPLE_FILES) {
      const sample = readSample(file);
      expect(readInPieces(sample, 4096)).toEqual(parseMspdi(sample));
    }
  });

  it('keeps only what the mapping reads: timephased data is read past; baselines and custom fields are kept', () => {
    const reader = new MspdiXmlReader();
    reader.write(
      mspdiFile({
        tasks: [
          leaf(1, 'A', 1).replace(
            '</Task>',
            '<Baseline><Number>0</Number><Start>2025-01-01T08:00:00</Start></Baseline><ExtendedAttribute><FieldID>188743731</FieldID><Value>x</Value></ExtendedAttribute><TimephasedData><Type>11</Type><Value>PT8H</Value></TimephasedData><Notes>larga</Notes></Task>',
          ),
        ],
        after:
          '<Assignments><Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Work>PT8H</Work><TimephasedData><Type>1</Type></TimephasedData></Assignment></Assignments>',
      }),
    );
    const read = reader.end();
    if (!read.ok) throw new Error(read.error);
    const project = read.document['Project'] as Record<string, Record<string, unknown[]>>;
    const task = project['Tasks']?.['Task']?.[0] as Record<string, unknown>;
    expect(Object.keys(task).sort()).toEqual([
      'Baseline',
      'Duration',
      'DurationFormat',
      'ExtendedAttribute',
      'Name',
      'Notes',
      'OutlineLevel',
      'TimephasedData',
      'UID',
    ]);
    expect(task['TimephasedData']).toEqual([{ Type: '11' }]);
    // issue 34: to name the custom fields that are not carried over
    expect(task['ExtendedAttribute']).toEqual([{ FieldID: '188743731', Value: 'x' }]);
    expect(task['Baseline']).toEqual([{ Number: '0', Start: '2025-01-01T08:00:00' }]);
    expect(project['Assignments']?.['Assignment']).toEqual([{ TaskUID: '1', ResourceUID: '1' }]);
  });

  it('refuses a value longer than its limit, naming it and the line', () => {
    const long = 'x'.repeat(MAX_MSPDI_VALUE_CHARS + 1);
    const result = parseMspdi(mspdiFile({ tasks: [leaf(1, long, 1)] }));
    expect(result).toEqual({
      ok: false,
      error:
        'El archivo tiene un valor de más de 10.000 caracteres en <Name> (línea 2); Cimiento lee como máximo 10.000. Revisa que sea el archivo guardado como «XML» desde MS Project o ProjectLibre.',
    });
  });

  it('counts the tasks past the cap without keeping them, so the refusal says how many there are', () => {
    const reader = new MspdiXmlReader();
    reader.write('<Project xmlns="http://schemas.microsoft.com/project"><Tasks>');
    for (let index = 0; index < 100_010; index += 1) reader.write(`<Task><UID>${index + 1}</UID></Task>`);
    reader.write('</Tasks></Project>');
    const read = reader.end();
    if (!read.ok) throw new Error(read.error);
    expect(read.taskCount).toBe(100_010);
    const project = read.document['Project'] as Record<string, Record<string, unknown[]>>;
    expect(project['Tasks']?.['Task']).toHaveLength(100_001);
  });
});
