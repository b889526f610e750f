import type { ActivityInput, AreaTypeInput, SystemInput } from '../functions/catalogue-contracts';
import type { ResourceInput, TradeInput } from '../functions/resource-contracts';

/** A starter subcomponent names its activities by code; the seeding maps codes to the stored `_id`s. */
export type StarterSubcomponent = { code: string; name: string; priority: number; actividades: string[] };
export type StarterComponent = { code: string; name: string; priority: number; subcomponents: StarterSubcomponent[] };

/** issue 35: a starter resource names its crew's trades by code; the seeding maps codes to `_id`s. */
export type StarterResource = Omit<ResourceInput, 'crew'> & { crew: { trade: string; count: number }[] };

/**
 * issue 35: a starter activity may carry its productivity ('Rendimiento') and default crew: its
 * resource named by code (the seeding maps it to the stored `_id`)
 */
export type StarterActivity = Omit<ActivityInput, 'resourceId'> & { resource?: string };

export type StarterCatalogue = {
  tiposArea: AreaTypeInput[];
  actividades: StarterActivity[];
  sistemas: SystemInput[];
  componentes: StarterComponent[];
  /** issue 35 */
  oficios: TradeInput[];
  recursos: StarterResource[];
};

type CrewRow = [trade: string, count: number];
const labour = (
  code: string,
  name: string,
  maxUnits: number,
  crew: CrewRow[],
  costPerDay: string,
): StarterResource => ({
  code,
  name,
  type: 'labor',
  unit: 'cuadrilla',
  maxUnits,
  crew: crew.map(([trade, count]) => ({ trade, count })),
  costPerDay,
  currency: 'CLP',
});

/** Gives each item its 1-based position as priority, so the lists below read in priority order. */
const ranked = <T extends object>(items: T[]): (T & { priority: number })[] =>
  items.map((item, index) => ({ ...item, priority: index + 1 }));

type SectorRow = [code: string, name: string, quantity?: number];
const areaType = (code: string, name: string, sectores: SectorRow[]) => ({
  code,
  name,
  sectores: ranked(
    sectores.map(([sectorCode, sectorName, quantity = 1]) => ({ code: sectorCode, name: sectorName, quantity })),
  ),
});

const codeAndName = ([code, name]: [string, string]) => ({ code, name });

type SubcomponentRow = [code: string, name: string, actividades: string[]];
const component = (code: string, name: string, subcomponents: SubcomponentRow[]) => ({
  code,
  name,
  subcomponents: ranked(
    subcomponents.map(([subCode, subName, actividades]) => ({ code: subCode, name: subName, actividades })),
  ),
});

/**
 * issue 35: sample productivities ('rendimientos': units one crew does in a working day) and default
 * crews of the structure and the finishes, for the planner to adjust to the company's own; a task
 * with a quantity lasts ⌈quantity ÷ (rendimiento × crews)⌉ days (docs/RESOURCES.md).
 */
const PRODUCTIVITY: Readonly<
  Record<string, Pick<StarterActivity, 'workUnit' | 'productivity' | 'resource' | 'crews'>>
> = {
  EXC: { workUnit: 'm3', productivity: '60', resource: 'RET', crews: 1 },
  MOL: { workUnit: 'm2', productivity: '25', resource: 'CMOL', crews: 1 },
  ENF: { workUnit: 'kg', productivity: '800', resource: 'CENF', crews: 1 },
  HRM: { workUnit: 'm3', productivity: '30', resource: 'CHOR', crews: 1 },
  ALB: { workUnit: 'm2', productivity: '12', resource: 'CALB', crews: 1 },
  TBQ: { workUnit: 'm2', productivity: '30', resource: 'CTAB', crews: 1 },
  CIF: { workUnit: 'm2', productivity: '25', resource: 'CYES', crews: 1 },
  PAV: { workUnit: 'm2', productivity: '15', resource: 'CCER', crews: 1 },
  PNT: { workUnit: 'm2', productivity: '60', resource: 'CPIN', crews: 1 },
};

/**
 * A realistic Chilean building / infrastructure starter catalogue, in Spanish. Loaded by the
 * first-administrator form's "Cargar catálogos de ejemplo" and by `npm run seed:catalogues`.
 * Codes carry no dots: the EDC joins component, EDP and system codes with ".".
 */
export const starterCatalogue: StarterCatalogue = {
  tiposArea: ranked([
    areaType('EDH', 'Edificio habitacional', [
      ['SUB', 'Subterráneo', 2],
      ['P1', 'Primer piso'],
      ['PT', 'Piso tipo', 8],
      ['CUB', 'Cubierta'],
    ]),
    areaType('EDO', 'Edificio de oficinas', [
      ['SUB', 'Subterráneo', 3],
      ['P1', 'Primer piso (hall y locales comerciales)'],
      ['PT', 'Piso tipo', 12],
      ['SMQ', 'Sala de máquinas'],
      ['CUB', 'Cubierta'],
    ]),
    areaType('CAS', 'Conjunto de viviendas', [
      ['VTA', 'Vivienda tipo A', 12],
      ['VTB', 'Vivienda tipo B', 8],
      ['SED', 'Sede social'],
      ['ACO', 'Áreas comunes'],
    ]),
    areaType('URB', 'Urbanización', [
      ['VIA', 'Vialidad'],
      ['PAS', 'Pasajes', 4],
      ['AVE', 'Áreas verdes'],
      ['EQU', 'Equipamiento comunitario'],
    ]),
    areaType('EDU', 'Establecimiento educacional', [
      ['PAB', 'Pabellón de salas', 3],
      ['GIM', 'Gimnasio'],
      ['CAS', 'Casino y cocina'],
      ['ADM', 'Administración'],
      ['PCU', 'Patio cubierto'],
    ]),
    areaType('SAL', 'Centro de salud familiar (CESFAM)', [
      ['ADM', 'Administración y SOME'],
      ['BOX', 'Box de atención', 10],
      ['ESP', 'Sala de espera'],
      ['SAPU', 'Servicio de atención primaria de urgencia (SAPU)'],
      ['FAR', 'Farmacia y bodega'],
    ]),
    areaType('IND', 'Galpón industrial', [
      ['NAV', 'Nave de producción'],
      ['BOD', 'Bodega'],
      ['OFI', 'Oficinas y servicios higiénicos'],
      ['PAT', 'Patio de maniobras'],
    ]),
    areaType('EXT', 'Obras exteriores', [
      ['CIE', 'Cierre perimetral'],
      ['ACC', 'Accesos y portería'],
      ['EST', 'Estacionamientos de superficie'],
      ['PAI', 'Paisajismo y riego'],
    ]),
  ]),

  // duration: working days for one EDP item (a floor, a house, a stretch of network), as a Chilean
  // site plans it ('Hormigonado' includes the first days of curing, 'Moldaje y descimbre' the
  // stripping once the concrete holds); 0 is a milestone: the SEC declaration and the technical
  // inspection are procedures, not crew work
  actividades: ranked(
    (
      [
        ['TRZ', 'Trazado y replanteo', 1],
        ['DEM', 'Demolición y retiro de elementos existentes', 5],
        ['EXC', 'Excavación', 5],
        ['ENT', 'Entibación de zanjas', 3],
        ['CAP', 'Preparación de cama de apoyo', 1],
        ['MOL', 'Moldaje y descimbre', 4],
        ['ENF', 'Enfierradura', 4],
        ['HRM', 'Hormigonado', 3],
        ['ALB', 'Albañilería y estucos', 8],
        ['PRF', 'Perforaciones y pasadas en losas y muros', 2],
        ['SOP', 'Instalación de soportes y colgadores', 3],
        ['CAN', 'Instalación de cañerías', 6],
        ['PIE', 'Instalación de fittings y piezas especiales', 3],
        ['VAL', 'Instalación de válvulas', 2],
        ['CEL', 'Canalización eléctrica (ductos y bandejas)', 6],
        ['CAB', 'Tendido de conductores y cables', 5],
        ['TAB', 'Montaje de tableros eléctricos', 3],
        ['MAL', 'Construcción de malla de puesta a tierra', 3],
        ['DUC', 'Fabricación e instalación de ductos', 8],
        ['CNL', 'Instalación de canaletas y bajadas de aguas lluvia', 4],
        ['GEO', 'Instalación de geotextil y material drenante', 2],
        ['AIS', 'Aislación térmica de cañerías y ductos', 3],
        ['MEQ', 'Montaje de equipos', 5],
        ['RAC', 'Montaje de racks y gabinetes de comunicaciones', 2],
        ['MED', 'Instalación de medidores', 1],
        ['ART', 'Instalación de artefactos sanitarios y grifería', 4],
        ['AEL', 'Instalación de artefactos eléctricos y luminarias', 4],
        ['CON', 'Conexión de equipos y artefactos', 2],
        ['ROT', 'Conectorización y rotulación', 3],
        ['VAC', 'Vacío y carga de refrigerante', 1],
        ['SEL', 'Sellos cortafuego en pasadas', 2],
        ['PHI', 'Prueba hidráulica', 1],
        ['PBL', 'Prueba de bola y luz', 1],
        ['PEQ', 'Prueba de estanqueidad', 2],
        ['PHM', 'Prueba de hermeticidad', 1],
        ['MEA', 'Medición de aislamiento y de puesta a tierra', 1],
        ['CER', 'Certificación de cableado estructurado', 2],
        ['DES', 'Lavado y desinfección de redes', 2],
        ['RLL', 'Relleno y compactación', 3],
        ['RTP', 'Rotura y reposición de pavimentos', 4],
        ['RET', 'Retiro de excedentes a botadero autorizado', 1],
        ['BAL', 'Balanceo y regulación', 3],
        ['PMA', 'Puesta en marcha', 2],
        ['PIN', 'Pintura y señalización de cañerías', 3],
        ['SEC', 'Declaración de la instalación ante la SEC', 0],
        ['RCP', 'Inspección técnica y recepción', 0],
        // issue 35: the finishes of a building, per floor
        ['TBQ', 'Tabiquería (volcometal y yeso cartón)', 5],
        ['CIF', 'Cielos falsos', 4],
        ['PAV', 'Pavimentos cerámicos y porcelanatos', 4],
        ['PNT', 'Pintura de muros y cielos', 4],
      ] satisfies [string, string, number][]
    ).map(([code, name, duration]): StarterActivity => ({ code, name, duration, ...PRODUCTIVITY[code] })),
  ),

  sistemas: ranked(
    (
      [
        ['AP', 'Agua potable'],
        ['ALC', 'Alcantarillado'],
        ['ALL', 'Aguas lluvia'],
        ['ELE', 'Electricidad'],
        ['CD', 'Corrientes débiles'],
        ['CLI', 'Climatización'],
        ['GAS', 'Gas'],
        ['INC', 'Red contra incendio (red húmeda y red seca)'],
        ['RIE', 'Riego'],
        ['TVE', 'Transporte vertical (ascensores)'],
        // issue 35: the structure and the finishes
        ['OG', 'Obra gruesa'],
        ['TER', 'Terminaciones'],
      ] satisfies [string, string][]
    ).map(codeAndName),
  ),

  // issue 35: trades and resources with sample sizes and costs (CLP of 2026, per day or per unit)
  // for the planner to adjust to the company's own
  oficios: ranked(
    (
      [
        ['CAP', 'Capataz'],
        ['CAR', 'Carpintero'],
        ['ENF', 'Enfierrador'],
        ['CON', 'Concretero'],
        ['ALB', 'Albañil'],
        ['JOR', 'Jornal'],
        ['TAB', 'Tabiquero'],
        ['YES', 'Yesero'],
        ['CER', 'Ceramista'],
        ['PIN', 'Pintor'],
        ['ELE', 'Electricista'],
        ['GAS', 'Gasfíter'],
        ['SOL', 'Soldador'],
        ['OPG', 'Operador de grúa'],
        ['OPM', 'Operador de maquinaria'],
      ] satisfies [string, string][]
    ).map(codeAndName),
  ),

  recursos: ranked([
    labour(
      'CMOL',
      'Cuadrilla de moldaje',
      4,
      [
        ['CAP', 1],
        ['CAR', 4],
        ['JOR', 2],
      ],
      '520000',
    ),
    labour(
      'CENF',
      'Cuadrilla de enfierradura',
      3,
      [
        ['CAP', 1],
        ['ENF', 4],
        ['JOR', 1],
      ],
      '470000',
    ),
    labour(
      'CHOR',
      'Cuadrilla de hormigonado',
      2,
      [
        ['CAP', 1],
        ['CON', 3],
        ['JOR', 3],
      ],
      '450000',
    ),
    labour(
      'CALB',
      'Cuadrilla de albañilería',
      4,
      [
        ['ALB', 2],
        ['JOR', 1],
      ],
      '190000',
    ),
    labour(
      'CTAB',
      'Cuadrilla de tabiquería',
      4,
      [
        ['TAB', 2],
        ['JOR', 1],
      ],
      '185000',
    ),
    labour(
      'CYES',
      'Cuadrilla de yeso y cielos',
      3,
      [
        ['YES', 2],
        ['JOR', 1],
      ],
      '180000',
    ),
    labour(
      'CCER',
      'Cuadrilla de cerámica',
      3,
      [
        ['CER', 2],
        ['JOR', 1],
      ],
      '185000',
    ),
    labour(
      'CPIN',
      'Cuadrilla de pintura',
      4,
      [
        ['PIN', 2],
        ['JOR', 1],
      ],
      '170000',
    ),
    labour(
      'CELE',
      'Cuadrilla eléctrica',
      3,
      [
        ['ELE', 2],
        ['JOR', 1],
      ],
      '210000',
    ),
    labour(
      'CSAN',
      'Cuadrilla sanitaria',
      3,
      [
        ['GAS', 2],
        ['JOR', 1],
      ],
      '210000',
    ),
    {
      code: 'GRU',
      name: 'Grúa torre',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      crew: [],
      costPerDay: '650000',
      currency: 'CLP',
    },
    {
      code: 'BHO',
      name: 'Bomba de hormigón',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
      crew: [],
      costPerDay: '480000',
      currency: 'CLP',
    },
    {
      code: 'RET',
      name: 'Retroexcavadora',
      type: 'equipment',
      unit: 'un',
      maxUnits: 2,
      crew: [],
      costPerDay: '320000',
      currency: 'CLP',
    },
    {
      code: 'H30',
      name: 'Hormigón premezclado G30',
      type: 'material',
      unit: 'm3',
      maxUnits: 120,
      crew: [],
      costPerUnit: '118000',
      currency: 'CLP',
    },
    {
      code: 'ASC',
      name: 'Subcontrato de ascensores',
      type: 'subcontract',
      unit: 'gl',
      maxUnits: 1,
      crew: [],
      currency: 'UF',
    },
  ]),

  componentes: ranked([
    component('AAP', 'Arranque de agua potable', [
      ['EMP', 'Empalme a matriz (collarín de arranque)', ['TRZ', 'EXC', 'RTP', 'CAN', 'PIE', 'RLL']],
      ['TUB', 'Tubería de arranque', ['TRZ', 'EXC', 'CAP', 'CAN', 'PHI', 'RLL']],
      ['NIC', 'Nicho y medidor', ['ALB', 'MED', 'VAL', 'PHI']],
      ['LLP', 'Llave de paso y válvula de retención', ['VAL', 'PHI']],
    ]),
    component('RIAP', 'Red interior de agua potable', [
      ['AF', 'Red de agua fría', ['PRF', 'SOP', 'CAN', 'PIE', 'PHI', 'DES']],
      ['AC', 'Red de agua caliente', ['SOP', 'CAN', 'PIE', 'AIS', 'PHI']],
      ['ART', 'Artefactos sanitarios y grifería', ['ART', 'CON']],
    ]),
    component('SEAP', 'Sistema de elevación de agua potable', [
      ['EST', 'Estanque de acumulación', ['MOL', 'ENF', 'HRM', 'PEQ']],
      ['BOM', 'Bombas y estanque hidroneumático', ['MEQ', 'CON', 'PMA']],
      ['TAB', 'Tablero de control de bombas', ['TAB', 'CAB', 'PMA']],
      ['IMP', 'Colector de impulsión', ['SOP', 'CAN', 'VAL', 'PHI']],
    ]),
    component('RAD', 'Red de alcantarillado domiciliario', [
      ['DES', 'Descargas y ventilaciones', ['PRF', 'SOP', 'CAN', 'PIE', 'PHI']],
      ['CIN', 'Cámaras de inspección', ['TRZ', 'EXC', 'HRM', 'ALB', 'RLL']],
      ['COL', 'Colector domiciliario', ['TRZ', 'EXC', 'CAP', 'CAN', 'PBL', 'RLL']],
      ['UD', 'Unión domiciliaria', ['EXC', 'RTP', 'CAN', 'PBL', 'RLL', 'RET']],
    ]),
    component('CAL', 'Colector de aguas lluvia', [
      ['CNL', 'Canaletas y bajadas', ['SOP', 'CNL']],
      ['SUM', 'Sumideros y rejillas', ['EXC', 'MOL', 'HRM', 'RLL']],
      ['COL', 'Colector de aguas lluvia', ['TRZ', 'EXC', 'CAP', 'CAN', 'PBL', 'RLL']],
      ['INF', 'Pozo de infiltración', ['EXC', 'GEO', 'RLL']],
    ]),
    component('TEG', 'Tablero eléctrico general', [
      ['EMP', 'Empalme y medidor', ['CEL', 'CAB', 'MED', 'SEC']],
      ['GAB', 'Gabinete y barras', ['TAB']],
      ['PRO', 'Protecciones (automáticos y diferenciales)', ['TAB', 'MEA']],
      ['SPT', 'Sistema de puesta a tierra', ['EXC', 'MAL', 'MEA', 'RLL']],
    ]),
    component('IEI', 'Instalación eléctrica interior', [
      ['CAN', 'Canalizaciones', ['PRF', 'SOP', 'CEL']],
      ['CIR', 'Alimentadores y circuitos', ['CAB', 'MEA', 'SEC']],
      ['ART', 'Enchufes e interruptores', ['AEL']],
      ['LUM', 'Luminarias', ['SOP', 'AEL']],
    ]),
    component('RGA', 'Red de gas', [
      ['MED', 'Nicho de medidor y regulador', ['ALB', 'MED', 'VAL', 'PHM']],
      ['MAT', 'Matriz de gas', ['TRZ', 'EXC', 'SOP', 'CAN', 'PHM', 'RLL']],
      ['ART', 'Conexión de artefactos a gas', ['CON', 'PHM', 'SEC']],
      ['VEN', 'Ventilaciones y ductos de evacuación', ['PRF', 'DUC', 'SEL']],
    ]),
    component('RHU', 'Red húmeda', [
      ['MAT', 'Matriz de red húmeda', ['SOP', 'CAN', 'PIE', 'PHI', 'PIN']],
      ['GAB', 'Gabinetes de red húmeda (carrete y manguera)', ['MEQ', 'CON']],
      ['VAL', 'Válvulas de corte y retención', ['VAL', 'PHI']],
    ]),
    component('RSE', 'Red seca', [
      ['BIM', 'Boca de impulsión (siamesa)', ['MEQ', 'VAL', 'PIN']],
      ['COL', 'Columna seca', ['PRF', 'SOP', 'CAN', 'PHI', 'PIN', 'SEL']],
      ['SAL', 'Válvulas de salida por piso', ['VAL', 'PHI']],
    ]),
    component('ECL', 'Equipo de climatización', [
      ['UEX', 'Unidad exterior (condensadora)', ['SOP', 'MEQ', 'CON']],
      ['UIN', 'Unidades interiores (evaporadoras)', ['SOP', 'MEQ', 'CON']],
      ['REF', 'Líneas de refrigerante', ['PRF', 'CAN', 'AIS', 'PHM', 'VAC']],
      ['DUC', 'Ductos y difusores', ['SOP', 'DUC', 'AIS', 'BAL']],
      ['CTR', 'Control y termostatos', ['CAB', 'PMA', 'BAL']],
    ]),
    component('RDD', 'Red de datos', [
      ['CAN', 'Canalización de corrientes débiles', ['SOP', 'CEL']],
      ['CAB', 'Cableado estructurado', ['CAB', 'CER']],
      ['RAC', 'Rack y equipos activos', ['RAC', 'CON', 'PMA']],
      ['PTO', 'Puntos de red', ['ROT', 'CER']],
    ]),
    // issue 35: the structure and finishes of a building (sample values: adjust them)
    component('FUND', 'Fundaciones', [
      ['EXC', 'Trazado y excavación', ['TRZ', 'EXC']],
      ['ZAP', 'Zapatas y cimientos', ['MOL', 'ENF', 'HRM', 'RLL']],
    ]),
    component('ESTR', 'Estructura de hormigón armado', [
      ['MUR', 'Muros y pilares', ['MOL', 'ENF', 'HRM']],
      ['LOS', 'Losa', ['MOL', 'ENF', 'HRM']],
    ]),
    component('TERM', 'Terminaciones interiores', [
      ['TABQ', 'Tabiques', ['TBQ']],
      ['CIEL', 'Cielos', ['CIF']],
      ['PAVI', 'Pavimentos', ['PAV']],
      ['PINT', 'Pintura', ['PNT']],
    ]),
  ]),
};
