const collator = new Intl.Collator('es-CL', { sensitivity: 'base', numeric: true });

export type CompanyGroup<T> = { key: string; label: string; items: T[] };

/**
 * The weekly plan's commitments or candidates by company, as the look-ahead groups them: by the
 * company's name (es-CL), an id not among `companies` under the id, those with none last as
 * `noCompany`. Within a group, the order they came in.
 */
export function groupByCompany<T extends { companyId: string | null }>(
  items: readonly T[],
  companies: ReadonlyArray<{ id: string; name: string }>,
  noCompany: string,
): CompanyGroup<T>[] {
  const names = new Map(companies.map((company) => [company.id, company.name]));
  const groups = new Map<string, CompanyGroup<T>>();
  for (const item of items) {
    const key = item.companyId ?? '';
    let group = groups.get(key);
    if (group === undefined) {
      group = { key: key === '' ? 'none' : key, label: key === '' ? noCompany : (names.get(key) ?? key), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.entries()]
    .sort(([a, groupA], [b, groupB]) => {
      if (a === '' || b === '') return a === '' ? (b === '' ? 0 : 1) : -1;
      return collator.compare(groupA.label, groupB.label);
    })
    .map(([, group]) => group);
}
