/**
 * Sample values of the template demo screens (product-spec.md §2 "Template demo screens"): not
 * product data, never sent anywhere. Names stay in Spanish in both languages, like any record.
 */

export const productCategories = ['Ropa de trabajo', 'Calzado de seguridad', 'Herramientas', 'Accesorios'] as const;
export const productCurrencies = ['CLP', 'USD', 'EUR'] as const;
export const productSizes = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export const productColors = ['Naranjo', 'Amarillo', 'Azul marino', 'Gris'] as const;

export type SampleProduct = {
  name: string;
  category: (typeof productCategories)[number];
  price: number;
  currency: (typeof productCurrencies)[number];
  sku: string;
  stock: number;
  sizes: (typeof productSizes)[number][];
  color: (typeof productColors)[number];
  description: string;
  tags: string[];
  rating: number;
};

export const emptyProduct: SampleProduct = {
  name: '',
  category: 'Ropa de trabajo',
  price: 0,
  currency: 'CLP',
  sku: '',
  stock: 0,
  sizes: [],
  color: 'Naranjo',
  description: '',
  tags: [],
  rating: 0,
};

export const sampleProduct: SampleProduct = {
  name: 'Chaqueta reflectante Andes',
  category: 'Ropa de trabajo',
  price: 34990,
  currency: 'CLP',
  sku: 'CHQ-AND-0042',
  stock: 128,
  sizes: ['M', 'L', 'XL'],
  color: 'Naranjo',
  description:
    'Chaqueta impermeable con cintas reflectantes, forro polar desmontable y bolsillos con cierre. Pensada para faenas al aire libre en invierno.',
  tags: ['invierno', 'alta visibilidad', 'impermeable'],
  rating: 4.5,
};

export const otherProducts: { name: string; price: number; category: string }[] = [
  { name: 'Casco de seguridad Cordillera', price: 12990, category: 'Accesorios' },
  { name: 'Botín dieléctrico Patagonia', price: 54990, category: 'Calzado de seguridad' },
  { name: 'Guantes de cabritilla', price: 4990, category: 'Accesorios' },
  { name: 'Huincha de medir 8 m', price: 7490, category: 'Herramientas' },
];

export type OrderStatus = 'paid' | 'refunded' | 'canceled';

export type SampleOrder = {
  number: string;
  date: string;
  customer: string;
  product: string;
  total: number;
  status: OrderStatus;
};

export const sampleOrders: SampleOrder[] = [
  {
    number: '10421',
    date: '2026-11-02',
    customer: 'Camila Rojas',
    product: 'Chaqueta reflectante Andes',
    total: 34990,
    status: 'paid',
  },
  {
    number: '10422',
    date: '2026-11-03',
    customer: 'Matías González',
    product: 'Botín dieléctrico Patagonia',
    total: 54990,
    status: 'paid',
  },
  {
    number: '10423',
    date: '2026-11-05',
    customer: 'Valentina Muñoz',
    product: 'Casco de seguridad Cordillera',
    total: 25980,
    status: 'refunded',
  },
  {
    number: '10424',
    date: '2026-11-08',
    customer: 'Benjamín Soto',
    product: 'Guantes de cabritilla',
    total: 9980,
    status: 'paid',
  },
  {
    number: '10425',
    date: '2026-11-11',
    customer: 'Isidora Contreras',
    product: 'Huincha de medir 8 m',
    total: 7490,
    status: 'canceled',
  },
  {
    number: '10426',
    date: '2026-11-14',
    customer: 'Joaquín Silva',
    product: 'Chaqueta reflectante Andes',
    total: 69980,
    status: 'paid',
  },
  {
    number: '10427',
    date: '2026-11-17',
    customer: 'Florencia Díaz',
    product: 'Botín dieléctrico Patagonia',
    total: 54990,
    status: 'paid',
  },
  {
    number: '10428',
    date: '2026-11-19',
    customer: 'Tomás Fuentes',
    product: 'Guantes de cabritilla',
    total: 4990,
    status: 'refunded',
  },
  {
    number: '10429',
    date: '2026-11-21',
    customer: 'Antonia Vargas',
    product: 'Casco de seguridad Cordillera',
    total: 12990,
    status: 'paid',
  },
  {
    number: '10430',
    date: '2026-11-23',
    customer: 'Agustín Reyes',
    product: 'Chaqueta reflectante Andes',
    total: 34990,
    status: 'paid',
  },
];

export const orderLines: { product: string; quantity: number; unitPrice: number }[] = [
  { product: 'Chaqueta reflectante Andes', quantity: 2, unitPrice: 34990 },
  { product: 'Guantes de cabritilla', quantity: 3, unitPrice: 4990 },
  { product: 'Casco de seguridad Cordillera', quantity: 1, unitPrice: 12990 },
];

export const orderCustomer = {
  name: 'Camila Rojas',
  email: 'camila.rojas@ejemplo.cl',
  phone: '+56 9 8765 4321',
  address: ['Av. Libertador Bernardo O’Higgins 1234, depto. 56', 'Santiago, Región Metropolitana'],
  payment: 'Visa terminada en 4242',
  tracking: 'Despacho Andino · 7790 1234 5678',
};

export const SHIPPING_COST = 3990;
export const VAT_RATE = 0.19;

export const sampleCards: { brand: string; last4: string; holder: string; expires: string }[] = [
  { brand: 'Visa', last4: '4242', holder: 'Camila Rojas', expires: '08/28' },
  { brand: 'Mastercard', last4: '5454', holder: 'Constructora Ejemplo SpA', expires: '11/27' },
];

export const sampleInvoices: { number: string; date: string; amount: number }[] = [
  { number: 'F-2026-0311', date: '2026-11-01', amount: 107088 },
  { number: 'F-2026-0278', date: '2026-10-01', amount: 107088 },
  { number: 'F-2026-0241', date: '2026-09-01', amount: 74990 },
  { number: 'F-2026-0203', date: '2026-08-01', amount: 74990 },
];

export const billingAccounts: { company: string; email: string; rut: string }[] = [
  { company: 'Constructora Ejemplo SpA', email: 'pagos@constructora-ejemplo.cl', rut: '76.123.456-7' },
  { company: 'Inmobiliaria Muestra Ltda.', email: 'finanzas@inmobiliaria-muestra.cl', rut: '77.654.321-K' },
];

export const sampleTransactions: { label: string; date: string; amount: number }[] = [
  { label: 'Plan Profesional, noviembre', date: '2026-11-01', amount: -107088 },
  { label: 'Reembolso orden 10423', date: '2026-10-27', amount: 25980 },
  { label: 'Plan Profesional, octubre', date: '2026-10-01', amount: -107088 },
  { label: 'Usuarios adicionales', date: '2026-09-15', amount: -15000 },
];

export const invoiceParties = {
  from: ['Cimiento Demo SpA', 'Av. Apoquindo 4500, Las Condes', 'RUT 76.000.000-0'],
  to: ['Constructora Ejemplo SpA', 'Los Carrera 850, Concepción', 'RUT 76.123.456-7'],
  number: 'F-2026-0311',
  issuedOn: '2026-11-01',
  dueOn: '2026-11-30',
};

export const invoiceLines: { item: string; quantity: number; rate: number }[] = [
  { item: 'Plan Profesional (noviembre)', quantity: 1, rate: 59990 },
  { item: 'Usuarios adicionales', quantity: 5, rate: 3000 },
  { item: 'Almacenamiento extra 50 GB', quantity: 1, rate: 15000 },
];

export type PlanKey = 'starter' | 'premium' | 'enterprise';

/** Monthly prices; the annual price is ten months (two free). */
export const pricingPlans: {
  key: PlanKey;
  monthly: number;
  users: number;
  projects: number;
  storage: number;
  prioritySupport: boolean;
  integrations: boolean;
}[] = [
  { key: 'starter', monthly: 19990, users: 3, projects: 5, storage: 10, prioritySupport: false, integrations: false },
  { key: 'premium', monthly: 59990, users: 15, projects: 50, storage: 100, prioritySupport: true, integrations: false },
  {
    key: 'enterprise',
    monthly: 149990,
    users: 100,
    projects: 500,
    storage: 1000,
    prioritySupport: true,
    integrations: true,
  },
];

export const ANNUAL_MONTHS = 10;

/** The Arabic dashboard's sample texts and figures (the RTL demo). */
export const rtlDashboard = {
  title: 'لوحة القيادة',
  subtitle: 'نظرة عامة على أداء المتجر هذا الأسبوع',
  kpis: [
    { label: 'أموال اليوم', value: 53000, change: 55, unit: '$' },
    { label: 'مستخدمو اليوم', value: 2300, change: 3, unit: '' },
    { label: 'عملاء جدد', value: 3462, change: -2, unit: '' },
    { label: 'المبيعات', value: 103430, change: 5, unit: '$' },
  ],
  changeSuffix: 'مقارنة بالأسبوع الماضي',
  salesTitle: 'المبيعات الشهرية',
  months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو'],
  monthlySales: [320, 410, 380, 520, 610, 580],
  projectsTitle: 'المشاريع',
  projectsColumns: ['المشروع', 'الميزانية', 'الإنجاز'],
  projects: [
    { name: 'تطبيق المتجر', budget: 14000, progress: 60 },
    { name: 'إعادة تصميم الموقع', budget: 3000, progress: 10 },
    { name: 'منصة الدفع', budget: 20500, progress: 100 },
    { name: 'لوحة التحكم', budget: 500, progress: 25 },
  ],
  ordersTitle: 'نظرة عامة على الطلبات',
  orders: [
    { label: 'طلب جديد #١٨٣٢٤١٢', date: '٢٢ ديسمبر ٧:٢٠ مساءً' },
    { label: 'تم الدفع لفاتورة أبريل', date: '٢١ ديسمبر ١١:٢١ مساءً' },
    { label: 'خادم الدفع متوقف', date: '٢١ ديسمبر ٩:٢٨ مساءً' },
    { label: 'بطاقة جديدة مضافة للطلب #٤٣٩٥١٣٣', date: '٢٠ ديسمبر ٣:٥٢ صباحاً' },
  ],
};
