// The EDC of many EDP items at once (issue 13): assignEdc on 500 items of a generated project (the
// starter catalogue's 'Red interior de agua potable': 3 subcomponents, 13 activities, 17 EDC rows per
// item), first on items without EDC, then appending a second system to the same 500 lists; copyEdc
// of one item's EDC (both systems) to 500 items without EDC; unassignEdc of the component from 500 items. Each run on a fresh
// project. Times are request → last byte on loopback; SQLite and a throwaway PostgreSQL database.
// Prints figures, asserts nothing.
//
//   node bench/edc-bulk.mjs     (npm run build first; BENCH_DATABASE_URL as in gantt-server.mjs)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, onBothDatabases, timedCall } from './support.mjs';

const ITEMS = 500;

/** The starter catalogue, an area type 'Torre' with 'Departamento' × 510, and the records the calls use. */
async function arrangeCatalogue(target) {
  await timedCall(target, 'seedCatalogues', null);
  const { result: saved } = await timedCall(target, 'saveObject', {
    collection: 'tipos-area',
    object: { code: 'TORRE-BENCH', name: 'Torre', sectores: [{ code: 'D', name: 'Departamento', quantity: 510 }] },
  });
  const { result: components } = await timedCall(target, 'loadObjects', { collection: 'componentes' });
  const { result: systems } = await timedCall(target, 'loadObjects', { collection: 'sistemas' });
  const component = components.objects.find((object) => object.code === 'RIAP');
  const [system, otherSystem] = ['AP', 'CLI'].map((code) => systems.objects.find((object) => object.code === code));
  return { areaTypeId: saved.object._id, component, system, otherSystem };
}

/** A generated project (2 towers × 510 flats: 1,023 EDP items); its leaves' ids. */
async function arrangeProject(target, catalogue, code) {
  const { result: saved } = await timedCall(target, 'saveProject', {
    project: { name: 'Conjunto', code, tiposArea: [{ _id: catalogue.areaTypeId, quantity: 2 }] },
  });
  const { result: loaded } = await timedCall(target, 'loadProject', { id: saved.project._id });
  const items = loaded.project.edp.items;
  const parents = new Set(items.map((item) => item.parentId));
  const leaves = items.filter((item) => !parents.has(item.id)).map((item) => item.id);
  return { id: saved.project._id, edpItems: items.length, leaves };
}

async function figures(target, label, runs, record) {
  const catalogue = await arrangeCatalogue(target);
  const times = { assign: [], append: [], copy: [], unassign: [] };
  let rows = 0;
  let bytes = 0;
  let edpItems = 0;
  for (let run = 0; run < runs; run += 1) {
    const project = await arrangeProject(target, catalogue, `EDC-BULK-${run}`);
    edpItems = project.edpItems;
    const itemIds = project.leaves.slice(0, ITEMS);
    const assign = (system) =>
      timedCall(target, 'assignEdc', {
        id: project.id,
        itemIds,
        componentId: catalogue.component._id,
        systemId: system._id,
      });
    const first = await assign(catalogue.system);
    times.assign.push(first.ms);
    rows = first.result.items[0].componentesEdc.length;
    bytes = first.bytes;
    times.append.push((await assign(catalogue.otherSystem)).ms);
    // the first flat's EDC (both systems) to 500 flats without EDC
    const copied = await timedCall(target, 'copyEdc', {
      id: project.id,
      fromItemId: project.leaves[0],
      toItemIds: project.leaves.slice(ITEMS, 2 * ITEMS),
    });
    times.copy.push(copied.ms);
    const removed = await timedCall(target, 'unassignEdc', {
      id: project.id,
      itemIds,
      componentId: catalogue.component._id,
      systemId: catalogue.system._id,
    });
    times.unassign.push(removed.ms);
  }
  const note = (values, extra) =>
    `median of ${runs} (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}); ${extra}`;
  record(
    `assignEdc on ${ITEMS} items without EDC (${label})`,
    median(times.assign).toFixed(0),
    'ms',
    note(times.assign, `${rows} EDC rows per item, ${edpItems}-item EDP, ${(bytes / 1024).toFixed(0)} KB JSON`),
  );
  record(
    `assignEdc on ${ITEMS} items, appending a second system (${label})`,
    median(times.append).toFixed(0),
    'ms',
    note(times.append, `${rows * 2} EDC rows per item after`),
  );
  record(
    `copyEdc of one item's EDC to ${ITEMS} items (${label})`,
    median(times.copy).toFixed(0),
    'ms',
    note(times.copy, `${rows * 2} EDC rows per target`),
  );
  record(
    `unassignEdc from ${ITEMS} items (${label})`,
    median(times.unassign).toFixed(0),
    'ms',
    note(times.unassign, 'lists rewritten, no Gantt stored'),
  );
}

export async function measureEdcBulk({ runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  return onBothDatabases('assignEdc on 500 items', (target, label, record) => figures(target, label, runs, record));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const row of await measureEdcBulk()) {
    process.stdout.write(`${row.name}  ${row.value} ${row.unit}  ${row.note}\n`);
  }
}
