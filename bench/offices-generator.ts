/**
 * Deterministic, plausible pickup offices across Argentina: the default directory in resources/offices.json
 * (`npm run build:core && node dist/bench/offices-generator.js 300 > resources/offices.json`) and the
 * 10,000-office directory of the benchmark. Names, companies and streets are invented; cities, provinces,
 * postal codes and coordinates are real.
 */
import { pathToFileURL } from 'node:url';
import type { OfficeRecordT } from '../core/features/offices/schemas.js';

interface City {
  code: string;
  city: string;
  state: string;
  zips: string[];
  lat: number;
  lng: number;
  /** Share of the offices, and how far (km) they spread from the centre. */
  weight: number;
  spreadKm: number;
}

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => String(from + i * step));

const CITIES: City[] = [
  {
    code: 'COR',
    city: 'Córdoba',
    state: 'Córdoba',
    zips: range(5000, 5016),
    lat: -31.4135,
    lng: -64.1811,
    weight: 30,
    spreadKm: 7,
  },
  {
    code: 'VCP',
    city: 'Villa Carlos Paz',
    state: 'Córdoba',
    zips: ['5152'],
    lat: -31.4241,
    lng: -64.4978,
    weight: 4,
    spreadKm: 2,
  },
  {
    code: 'RCU',
    city: 'Río Cuarto',
    state: 'Córdoba',
    zips: ['5800'],
    lat: -33.1232,
    lng: -64.3493,
    weight: 5,
    spreadKm: 3,
  },
  {
    code: 'VMA',
    city: 'Villa María',
    state: 'Córdoba',
    zips: ['5900'],
    lat: -32.4075,
    lng: -63.2402,
    weight: 4,
    spreadKm: 2,
  },
  {
    code: 'SFR',
    city: 'San Francisco',
    state: 'Córdoba',
    zips: ['2400'],
    lat: -31.4278,
    lng: -62.0827,
    weight: 3,
    spreadKm: 2,
  },
  {
    code: 'AGR',
    city: 'Alta Gracia',
    state: 'Córdoba',
    zips: ['5186'],
    lat: -31.6529,
    lng: -64.4283,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'JMA',
    city: 'Jesús María',
    state: 'Córdoba',
    zips: ['5220'],
    lat: -30.9815,
    lng: -64.0942,
    weight: 2,
    spreadKm: 1.5,
  },
  {
    code: 'BVI',
    city: 'Bell Ville',
    state: 'Córdoba',
    zips: ['2550'],
    lat: -32.6259,
    lng: -62.6887,
    weight: 2,
    spreadKm: 1.5,
  },
  {
    code: 'CAB',
    city: 'Ciudad Autónoma de Buenos Aires',
    state: 'Ciudad Autónoma de Buenos Aires',
    zips: range(1001, 1440, 7),
    lat: -34.6037,
    lng: -58.4316,
    weight: 40,
    spreadKm: 7,
  },
  {
    code: 'LPL',
    city: 'La Plata',
    state: 'Buenos Aires',
    zips: ['1900'],
    lat: -34.9214,
    lng: -57.9545,
    weight: 6,
    spreadKm: 4,
  },
  {
    code: 'MDP',
    city: 'Mar del Plata',
    state: 'Buenos Aires',
    zips: ['7600'],
    lat: -38.0055,
    lng: -57.5426,
    weight: 6,
    spreadKm: 4,
  },
  {
    code: 'BBL',
    city: 'Bahía Blanca',
    state: 'Buenos Aires',
    zips: ['8000'],
    lat: -38.7196,
    lng: -62.2724,
    weight: 4,
    spreadKm: 3,
  },
  {
    code: 'QUI',
    city: 'Quilmes',
    state: 'Buenos Aires',
    zips: ['1878'],
    lat: -34.7206,
    lng: -58.2546,
    weight: 4,
    spreadKm: 3,
  },
  {
    code: 'MOR',
    city: 'Morón',
    state: 'Buenos Aires',
    zips: ['1708'],
    lat: -34.6534,
    lng: -58.6198,
    weight: 4,
    spreadKm: 3,
  },
  {
    code: 'SIS',
    city: 'San Isidro',
    state: 'Buenos Aires',
    zips: ['1642'],
    lat: -34.4708,
    lng: -58.5286,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'LZA',
    city: 'Lomas de Zamora',
    state: 'Buenos Aires',
    zips: ['1832'],
    lat: -34.7612,
    lng: -58.4063,
    weight: 4,
    spreadKm: 3,
  },
  {
    code: 'TAN',
    city: 'Tandil',
    state: 'Buenos Aires',
    zips: ['7000'],
    lat: -37.3217,
    lng: -59.1332,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'PER',
    city: 'Pergamino',
    state: 'Buenos Aires',
    zips: ['2700'],
    lat: -33.8895,
    lng: -60.5736,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'JUN',
    city: 'Junín',
    state: 'Buenos Aires',
    zips: ['6000'],
    lat: -34.5856,
    lng: -60.9589,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'ROS',
    city: 'Rosario',
    state: 'Santa Fe',
    zips: range(2000, 2013),
    lat: -32.9442,
    lng: -60.6505,
    weight: 14,
    spreadKm: 5,
  },
  {
    code: 'SFE',
    city: 'Santa Fe',
    state: 'Santa Fe',
    zips: ['3000'],
    lat: -31.6333,
    lng: -60.7,
    weight: 5,
    spreadKm: 3,
  },
  {
    code: 'RAF',
    city: 'Rafaela',
    state: 'Santa Fe',
    zips: ['2300'],
    lat: -31.2503,
    lng: -61.4867,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'PAR',
    city: 'Paraná',
    state: 'Entre Ríos',
    zips: ['3100'],
    lat: -31.7413,
    lng: -60.5115,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'CON',
    city: 'Concordia',
    state: 'Entre Ríos',
    zips: ['3200'],
    lat: -31.3929,
    lng: -58.0209,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'CTE',
    city: 'Corrientes',
    state: 'Corrientes',
    zips: ['3400'],
    lat: -27.4692,
    lng: -58.8306,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'RES',
    city: 'Resistencia',
    state: 'Chaco',
    zips: ['3500'],
    lat: -27.4606,
    lng: -58.9839,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'POS',
    city: 'Posadas',
    state: 'Misiones',
    zips: ['3300'],
    lat: -27.3671,
    lng: -55.8961,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'FSA',
    city: 'Formosa',
    state: 'Formosa',
    zips: ['3600'],
    lat: -26.1775,
    lng: -58.1781,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'TUC',
    city: 'San Miguel de Tucumán',
    state: 'Tucumán',
    zips: ['4000'],
    lat: -26.8083,
    lng: -65.2176,
    weight: 7,
    spreadKm: 4,
  },
  {
    code: 'SLA',
    city: 'Salta',
    state: 'Salta',
    zips: ['4400'],
    lat: -24.7821,
    lng: -65.4232,
    weight: 5,
    spreadKm: 3.5,
  },
  {
    code: 'JUJ',
    city: 'San Salvador de Jujuy',
    state: 'Jujuy',
    zips: ['4600'],
    lat: -24.1858,
    lng: -65.2995,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'SDE',
    city: 'Santiago del Estero',
    state: 'Santiago del Estero',
    zips: ['4200'],
    lat: -27.7951,
    lng: -64.2615,
    weight: 3,
    spreadKm: 2.5,
  },
  {
    code: 'CAT',
    city: 'San Fernando del Valle de Catamarca',
    state: 'Catamarca',
    zips: ['4700'],
    lat: -28.4696,
    lng: -65.7795,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'LRJ',
    city: 'La Rioja',
    state: 'La Rioja',
    zips: ['5300'],
    lat: -29.4131,
    lng: -66.8558,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'SJU',
    city: 'San Juan',
    state: 'San Juan',
    zips: ['5400'],
    lat: -31.5375,
    lng: -68.5364,
    weight: 4,
    spreadKm: 3,
  },
  {
    code: 'MZA',
    city: 'Mendoza',
    state: 'Mendoza',
    zips: ['5500', '5501'],
    lat: -32.8895,
    lng: -68.8458,
    weight: 8,
    spreadKm: 4,
  },
  {
    code: 'SRA',
    city: 'San Rafael',
    state: 'Mendoza',
    zips: ['5600'],
    lat: -34.6177,
    lng: -68.3301,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'SLU',
    city: 'San Luis',
    state: 'San Luis',
    zips: ['5700'],
    lat: -33.3017,
    lng: -66.3378,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'VME',
    city: 'Villa Mercedes',
    state: 'San Luis',
    zips: ['5730'],
    lat: -33.6757,
    lng: -65.4578,
    weight: 2,
    spreadKm: 1.5,
  },
  {
    code: 'SRO',
    city: 'Santa Rosa',
    state: 'La Pampa',
    zips: ['6300'],
    lat: -36.6167,
    lng: -64.2833,
    weight: 2,
    spreadKm: 2,
  },
  {
    code: 'NQN',
    city: 'Neuquén',
    state: 'Neuquén',
    zips: ['8300'],
    lat: -38.9516,
    lng: -68.0591,
    weight: 4,
    spreadKm: 3,
  },
  {
    code: 'GRO',
    city: 'General Roca',
    state: 'Río Negro',
    zips: ['8332'],
    lat: -39.0333,
    lng: -67.5833,
    weight: 2,
    spreadKm: 1.5,
  },
  {
    code: 'BRC',
    city: 'San Carlos de Bariloche',
    state: 'Río Negro',
    zips: ['8400'],
    lat: -41.1335,
    lng: -71.3103,
    weight: 3,
    spreadKm: 3,
  },
  {
    code: 'VIE',
    city: 'Viedma',
    state: 'Río Negro',
    zips: ['8500'],
    lat: -40.8135,
    lng: -62.9967,
    weight: 1,
    spreadKm: 1.5,
  },
  {
    code: 'PMY',
    city: 'Puerto Madryn',
    state: 'Chubut',
    zips: ['9120'],
    lat: -42.7692,
    lng: -65.0385,
    weight: 2,
    spreadKm: 2,
  },
  { code: 'TRE', city: 'Trelew', state: 'Chubut', zips: ['9100'], lat: -43.249, lng: -65.3051, weight: 2, spreadKm: 2 },
  {
    code: 'CRD',
    city: 'Comodoro Rivadavia',
    state: 'Chubut',
    zips: ['9000'],
    lat: -45.8641,
    lng: -67.4966,
    weight: 2,
    spreadKm: 3,
  },
  {
    code: 'RGL',
    city: 'Río Gallegos',
    state: 'Santa Cruz',
    zips: ['9400'],
    lat: -51.623,
    lng: -69.2168,
    weight: 1,
    spreadKm: 2,
  },
  {
    code: 'USH',
    city: 'Ushuaia',
    state: 'Tierra del Fuego',
    zips: ['9410'],
    lat: -54.8019,
    lng: -68.303,
    weight: 1,
    spreadKm: 2,
  },
];

const STREETS = [
  'Av. San Martín',
  'Belgrano',
  'Rivadavia',
  'Sarmiento',
  'Mitre',
  '25 de Mayo',
  '9 de Julio',
  'Av. Colón',
  'Independencia',
  'Urquiza',
  'Lavalle',
  'Maipú',
  'Entre Ríos',
  'Corrientes',
  'Tucumán',
  'Av. Vélez Sársfield',
  'Bv. San Juan',
  'Italia',
  'España',
  'Moreno',
  'Alberdi',
  'Güemes',
  'Pellegrini',
  'Av. Libertador',
  'Santa Fe',
  'Dean Funes',
  'Chacabuco',
  'Catamarca',
  'Laprida',
  'Avellaneda',
  'Hipólito Yrigoyen',
  'Av. Pueyrredón',
  'Brown',
  'Necochea',
  'Paraguay',
  'Bolívar',
];
const COMPANIES = [
  { name: 'Punto Envío S.A.', short: 'Punto Envío' },
  { name: 'Red Kiosco Pack S.R.L.', short: 'Kiosco Pack' },
  { name: 'Agencia Federal de Cargas S.A.', short: 'Agencia Federal' },
  { name: 'Estación Retiro S.R.L.', short: 'Estación Retiro' },
  { name: 'Correo Mediterráneo S.A.', short: 'Correo Mediterráneo' },
];
const HOURS = [
  'Mo-Fr 09:00-18:00; Sa 09:00-13:00',
  'Mo-Fr 08:30-12:30,16:30-20:30; Sa 09:00-13:00',
  'Mo-Sa 08:00-21:00',
  'Mo-Fr 10:00-19:00',
  '24/7',
  'Mo-Fr 09:00-13:00,17:00-20:00; Sa 09:30-13:00; Su off',
];

/** mulberry32: a tiny seeded generator, so that the same call always yields the same directory. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateOffices(count: number, seed = 2026): OfficeRecordT[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const total = CITIES.reduce((s, c) => s + c.weight, 0);
  const serial = new Map<string, number>();
  const out: OfficeRecordT[] = [];
  for (let i = 0; i < count; i++) {
    let w = rnd() * total;
    const city = CITIES.find((c) => (w -= c.weight) < 0) ?? CITIES[0]!;
    const n = (serial.get(city.code) ?? 0) + 1;
    serial.set(city.code, n);
    const company = pick(COMPANIES);
    const street = pick(STREETS);
    // Uniform in a disc of spreadKm around the centre (1° latitude ≈ 111 km).
    const r = (city.spreadKm * Math.sqrt(rnd())) / 111;
    const angle = rnd() * 2 * Math.PI;
    const lat = city.lat + r * Math.sin(angle);
    const lng = city.lng + (r * Math.cos(angle)) / Math.cos((city.lat * Math.PI) / 180);
    out.push({
      code: `${city.code}-${String(n).padStart(4, '0')}`,
      name: `${company.short} ${city.code === 'CAB' ? 'CABA' : city.city} – ${street.replace(/^(Av\.|Bv\.) /, '')}`,
      company: company.name,
      street: `${street} ${100 + Math.floor(rnd() * 4900)}`,
      city: city.city,
      state: city.state,
      country: 'AR',
      zip: pick(city.zips),
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      active: rnd() >= 0.05,
      parcel_enabled: rnd() >= 0.07,
      opening_hours: pick(HOURS),
    });
  }
  return out;
}

/** One office per line: readable diffs, and import errors name a line that points at one office. */
export function officesJson(offices: OfficeRecordT[]): string {
  return `[\n${offices.map((o) => `  ${JSON.stringify(o)}`).join(',\n')}\n]\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(officesJson(generateOffices(Number(process.argv[2] ?? 300))));
}
