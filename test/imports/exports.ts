/**
 * Export files as each platform writes them, made from the columns their documentation and the code that reads
 * them name (docs/imports.md lists the sources), so that the tests import what an operator really downloads.
 */

export interface Order {
  ref: string;
  first: string;
  last: string;
  /** As the buyer typed it, in the local format (0351 15-…). */
  phone: string;
  email: string;
  street: string;
  number: string;
  floor?: string;
  city: string;
  /** As the platform writes the province: a name, or WooCommerce's code. */
  province: string;
  zip: string;
  items: Array<{ name: string; qty: number; price: number }>;
  note?: string;
}

export type Encoding = 'utf-8' | 'windows-1252';

/** Windows-1252: Latin-1 plus the characters Excel puts at 0x80–0x9F. */
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

export function encode(text: string, encoding: Encoding, bom = false): Buffer {
  if (encoding === 'utf-8') return Buffer.concat([Buffer.from(bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(text)]);
  const out = Buffer.alloc(text.length);
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const b = c < 0x80 || (c >= 0xa0 && c <= 0xff) ? c : CP1252_HIGH[ch];
    if (b === undefined) throw new Error(`${ch} has no Windows-1252 byte`);
    out[n++] = b;
  }
  return out.subarray(0, n);
}

/** A CSV line: cells quoted where they hold the delimiter, a quote or a line break. */
function line(cells: Array<string | number>, d: string): string {
  return cells
    .map((c) => {
      const s = String(c);
      return s.includes(d) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(d);
}

const total = (o: Order) => o.items.reduce((t, i) => t + i.qty * i.price, 0);
/** 1234.5 → "1234,50", as Tiendanube and a Spanish Excel write money. */
const comma = (n: number) => n.toFixed(2).replace('.', ',');

/**
 * Tiendanube's "Exportar ventas": 45 Spanish columns, `;`, a row per product; an order's later rows carry only its
 * number, e-mail and the product (the scripts that read the export fall back for exactly this).
 */
export const TIENDANUBE_COLUMNS = [
  'Número de orden',
  'Email',
  'Fecha',
  'Estado de la orden',
  'Estado del pago',
  'Estado del envío',
  'Moneda',
  'Subtotal de productos',
  'Descuento',
  'Costo de envío',
  'Total',
  'Nombre del comprador',
  'DNI / CUIT',
  'Teléfono',
  'Nombre para el envío',
  'Teléfono para el envío',
  'Dirección',
  'Número',
  'Piso',
  'Localidad',
  'Ciudad',
  'Código postal',
  'Provincia o estado',
  'País',
  'Medio de envío',
  'Medio de pago',
  'Cupón de descuento',
  'Notas del comprador',
  'Notas del vendedor',
  'Fecha de pago',
  'Fecha de envío',
  'Nombre del producto',
  'Precio del producto',
  'Cantidad del producto',
  'SKU',
  'Canal',
  'Código de tracking del envío',
  'Identificador de la transacción en el medio de pago',
  'Identificador de la orden',
  'Producto Físico',
  'Persona que registró la venta',
  'Sucursal de venta',
  'Vendedor',
  'Fecha y hora de cancelación',
  'Motivo de cancelación',
];

export function tiendanube(orders: Order[]): string {
  const lines = [line(TIENDANUBE_COLUMNS, ';')];
  for (const o of orders)
    o.items.forEach((item, i) => {
      const row: Record<string, string | number> = { 'Número de orden': o.ref, Email: o.email };
      if (i === 0)
        Object.assign(row, {
          Fecha: '21/11/2026 19:29:10',
          'Estado de la orden': 'Abierta',
          'Estado del pago': 'Recibido',
          'Estado del envío': 'No está empaquetado',
          Moneda: 'ARS',
          'Subtotal de productos': comma(total(o)),
          Descuento: '0,00',
          'Costo de envío': '1.250,00',
          Total: comma(total(o) + 1250),
          'Nombre del comprador': `${o.first} ${o.last}`,
          'DNI / CUIT': '30123456',
          Teléfono: o.phone,
          'Nombre para el envío': `${o.first} ${o.last}`,
          'Teléfono para el envío': o.phone,
          Dirección: o.street,
          Número: o.number,
          Piso: o.floor ?? '',
          Localidad: 'Centro',
          Ciudad: o.city,
          'Código postal': o.zip,
          'Provincia o estado': o.province,
          País: 'Argentina',
          'Medio de envío': 'Envío a domicilio',
          'Medio de pago': 'Mercado Pago',
          'Notas del comprador': o.note ?? '',
          Canal: 'Tienda online',
          'Identificador de la orden': `10${o.ref}`,
          'Producto Físico': 'Sí',
        });
      Object.assign(row, {
        'Nombre del producto': item.name,
        'Precio del producto': comma(item.price),
        'Cantidad del producto': item.qty,
        SKU: `SKU-${i}`,
      });
      lines.push(
        line(
          TIENDANUBE_COLUMNS.map((c) => row[c] ?? ''),
          ';',
        ),
      );
    });
  return lines.join('\r\n') + '\r\n';
}

/**
 * "Advanced Order Export For WooCommerce" with its default fields, product rows repeating the order's columns
 * (the plugin's default), `,`, UTF-8.
 */
export const WOO_COLUMNS = [
  'Order Number',
  'Order Status',
  'Order Date',
  'Customer Note',
  'First Name (Billing)',
  'Last Name (Billing)',
  'Company (Billing)',
  'Address 1&2 (Billing)',
  'City (Billing)',
  'State Code (Billing)',
  'Postcode (Billing)',
  'Country Code (Billing)',
  'Email (Billing)',
  'Phone (Billing)',
  'First Name (Shipping)',
  'Last Name (Shipping)',
  'Address 1&2 (Shipping)',
  'City (Shipping)',
  'State Code (Shipping)',
  'Postcode (Shipping)',
  'Country Code (Shipping)',
  'Payment Method Title',
  'Cart Discount Amount',
  'Order Subtotal Amount',
  'Shipping Method Title',
  'Order Shipping Amount',
  'Order Refund Amount',
  'Order Total Amount',
  'Order Total Tax Amount',
  'SKU',
  'Item #',
  'Item Name',
  'Quantity',
  'Item Cost',
  'Coupon Code',
  'Discount Amount',
  'Discount Amount Tax',
];

/** WooCommerce keeps Argentina's provinces by their ISO 3166-2 letter (its i18n/states.php). */
const WOO_STATE: Record<string, string> = {
  Córdoba: 'X',
  'Capital Federal': 'C',
  'Santa Fe': 'S',
  'Buenos Aires': 'B',
};

export function woocommerce(orders: Order[]): string {
  const lines = [line(WOO_COLUMNS, ',')];
  for (const o of orders)
    o.items.forEach((item, i) => {
      const state = WOO_STATE[o.province] ?? o.province;
      const street = [o.street, o.number, o.floor].filter(Boolean).join(' ');
      const row: Record<string, string | number> = {
        'Order Number': o.ref,
        'Order Status': 'Processing',
        'Order Date': '2026-11-21 19:29',
        'Customer Note': o.note ?? '',
        'First Name (Billing)': o.first,
        'Last Name (Billing)': o.last,
        'Address 1&2 (Billing)': street,
        'City (Billing)': o.city,
        'State Code (Billing)': state,
        'Postcode (Billing)': o.zip,
        'Country Code (Billing)': 'AR',
        'Email (Billing)': o.email,
        'Phone (Billing)': o.phone,
        'First Name (Shipping)': o.first,
        'Last Name (Shipping)': o.last,
        'Address 1&2 (Shipping)': street,
        'City (Shipping)': o.city,
        'State Code (Shipping)': state,
        'Postcode (Shipping)': o.zip,
        'Country Code (Shipping)': 'AR',
        'Payment Method Title': 'Transferencia bancaria',
        'Cart Discount Amount': 0,
        'Order Subtotal Amount': total(o).toFixed(2),
        'Shipping Method Title': 'Envío a domicilio',
        'Order Shipping Amount': '1250.00',
        'Order Refund Amount': 0,
        'Order Total Amount': (total(o) + 1250).toFixed(2),
        'Order Total Tax Amount': 0,
        SKU: `SKU-${i}`,
        'Item #': i + 1,
        'Item Name': item.name,
        Quantity: item.qty,
        'Item Cost': item.price.toFixed(2),
      };
      lines.push(
        line(
          WOO_COLUMNS.map((c) => row[c] ?? ''),
          ',',
        ),
      );
    });
  return lines.join('\n') + '\n';
}

/**
 * Mercado Libre's "Ventas" report saved as CSV from Excel in Spanish (`;`): title rows, a row of section names,
 * then the header, where "Estado" is the sale's status and, in the buyer's section, the province; "Unidades"
 * appears again in the returns and claims sections. No phone, no e-mail.
 */
export const ML_COLUMNS = [
  '# de venta',
  'Fecha de venta',
  'Estado',
  'Descripción del estado',
  'Paquete de varios productos',
  'Pertenece a un kit',
  'Unidades',
  'Ingresos por productos (ARS)',
  'Cargo por venta e impuestos (ARS)',
  'Ingresos por envío (ARS)',
  'Costos de envío (ARS)',
  'Anulaciones y reembolsos (ARS)',
  'Total (ARS)',
  'Venta por publicidad',
  'SKU',
  '# de publicación',
  'Canal de venta',
  'Título de la publicación',
  'Variante',
  'Precio unitario de venta de la publicación (ARS)',
  'Tipo de publicación',
  'Factura adjunta',
  'Datos personales o de empresa',
  'Tipo y número de documento',
  'Dirección',
  'Condición fiscal (IVA)',
  'Comprador',
  'Negocio',
  'DNI',
  'Domicilio',
  'Ciudad',
  'Estado',
  'Código postal',
  'País',
  'Forma de entrega',
  'Fecha en camino',
  'Fecha entregado',
  'Transportista',
  'Número de seguimiento',
  'URL de seguimiento',
  'Unidades',
  'Forma de entrega',
  'Reclamo abierto',
  'Reclamo cerrado',
  'Con mediación',
];

export function mercadolibre(orders: Order[]): string {
  const blank = ML_COLUMNS.map(() => '');
  const section = [...blank];
  section[0] = 'Ventas';
  section[22] = 'Facturación al comprador';
  section[26] = 'Compradores';
  section[34] = 'Envíos';
  section[40] = 'Devoluciones';
  const lines = [
    line(['Ventas Argentina'], ';'),
    line(['Desde el 1 de noviembre de 2026 hasta el 30 de noviembre de 2026'], ';'),
    '',
    '',
    line(section, ';'),
    line(ML_COLUMNS, ';'),
  ];
  for (const o of orders)
    o.items.forEach((item) => {
      const cells: Array<string | number> = [...blank];
      const set = (name: string, value: string | number, nth = 1) => {
        let seen = 0;
        const i = ML_COLUMNS.findIndex((c) => c === name && ++seen === nth);
        cells[i] = value;
      };
      set('# de venta', o.ref);
      set('Fecha de venta', '21 de noviembre de 2026 19:29 hs.');
      set('Estado', 'Listo para enviar');
      set('Unidades', item.qty);
      set('Ingresos por productos (ARS)', comma(item.qty * item.price));
      set('Total (ARS)', comma(item.qty * item.price * 0.87));
      set('Título de la publicación', item.name);
      set('Precio unitario de venta de la publicación (ARS)', comma(item.price));
      set('Comprador', `${o.first} ${o.last}`);
      set('DNI', '30123456');
      set('Domicilio', [o.street, o.number].join(' '));
      set('Ciudad', o.city);
      set('Estado', o.province, 2);
      set('Código postal', o.zip);
      set('País', 'Argentina');
      set('Forma de entrega', 'Mercado Envíos Flex');
      lines.push(line(cells, ';'));
    });
  return lines.join('\r\n') + '\r\n';
}

/** VTEX's "Order report": one row per SKU, `,`, the order's columns on every row; Country in ISO alpha-3. */
export const VTEX_COLUMNS = [
  'Origin',
  'Order',
  'Sequence',
  'Creation Date',
  'Client Name',
  'Client Last Name',
  'Client Document',
  'Email',
  'Phone',
  'UF',
  'City',
  'Address Identification',
  'Address Type',
  'Receiver Name',
  'Street',
  'Number',
  'Complement',
  'Neighborhood',
  'Reference',
  'Postal Code',
  'SLA Type',
  'Courier',
  'Estimate Delivery Date',
  'Delivery Deadline',
  'Status',
  'Last Change Date',
  'Payment System Name',
  'Installments',
  'Payment Value',
  'Quantity_SKU',
  'ID_SKU',
  'Reference Code',
  'SKU Name',
  'SKU Value',
  'SKU Selling Price',
  'SKU Total Price',
  'Shipping List Price',
  'Shipping Value',
  'Total Value',
  'Discounts Totals',
  'Seller Name',
  'Note',
  'Currency Code',
  'Country',
];

export function vtex(orders: Order[]): string {
  const lines = [line(VTEX_COLUMNS, ',')];
  for (const o of orders)
    o.items.forEach((item, i) => {
      const row: Record<string, string | number> = {
        Origin: 'Marketplace',
        Order: o.ref,
        Sequence: o.ref.replace(/\D/g, ''),
        'Creation Date': '2026-11-21 19:29:10',
        'Client Name': o.first,
        'Client Last Name': o.last,
        'Client Document': '30123456',
        Email: o.email,
        Phone: o.phone,
        UF: o.province,
        City: o.city,
        'Address Type': 'residential',
        'Receiver Name': `${o.first} ${o.last}`,
        Street: o.street,
        Number: o.number,
        Complement: o.floor ?? '',
        Neighborhood: 'Centro',
        'Postal Code': o.zip,
        'SLA Type': 'Normal',
        Courier: 'Correo',
        Status: 'Ready for handling',
        'Payment System Name': 'Visa',
        Installments: 1,
        'Payment Value': (total(o) + 1250).toFixed(2),
        Quantity_SKU: item.qty,
        ID_SKU: 100 + i,
        'SKU Name': item.name,
        'SKU Value': item.price.toFixed(2),
        'SKU Selling Price': item.price.toFixed(2),
        'SKU Total Price': (item.price * item.qty).toFixed(2),
        'Shipping Value': '1250.00',
        'Total Value': (total(o) + 1250).toFixed(2),
        'Seller Name': 'Tienda',
        Note: o.note ?? '',
        'Currency Code': 'ARS',
        Country: 'ARG',
      };
      lines.push(
        line(
          VTEX_COLUMNS.map((c) => row[c] ?? ''),
          ',',
        ),
      );
    });
  return lines.join('\n') + '\n';
}

export const GENERIC_COLUMNS = [
  'ref',
  'destination.contact.name',
  'destination.contact.phone',
  'destination.contact.email',
  'destination.address.street',
  'destination.address.city',
  'destination.address.state',
  'destination.address.zip',
  'destination.address.country',
  'dimensions.length',
  'dimensions.width',
  'dimensions.height',
  'dimensions.weight',
  'content',
  'notes',
];

/** A CSV whose headers are the contract's field paths, with the parcel of each order. */
export function generic(orders: Order[], d = ','): string {
  const lines = [line(GENERIC_COLUMNS, d)];
  for (const o of orders)
    lines.push(
      line(
        [
          o.ref,
          `${o.first} ${o.last}`,
          o.phone,
          o.email,
          [o.street, o.number].join(' '),
          o.city,
          o.province,
          o.zip,
          'AR',
          30,
          20,
          10,
          1.5,
          o.items.map((i) => i.name).join(', '),
          o.note ?? '',
        ],
        d,
      ),
    );
  return lines.join('\n') + '\n';
}

/** Orders with Spanish names, accents, a multi-product order and a mobile typed the Argentine way. */
export function someOrders(prefix: string, n = 3): Order[] {
  const base: Array<Omit<Order, 'ref'>> = [
    {
      first: 'María José',
      last: 'Peñalba',
      phone: '0351 15-123-4567',
      email: 'mj.penalba@example.com',
      street: 'Avenida Colón',
      number: '1234',
      floor: '3° B',
      city: 'Córdoba',
      province: 'Córdoba',
      zip: 'X5000',
      items: [
        { name: 'Remera estampada “Ñandú”', qty: 2, price: 8500.5 },
        { name: 'Taza', qty: 1, price: 3200 },
      ],
      note: 'Tocar timbre — portería',
    },
    {
      first: 'Martín',
      last: 'Güemes',
      phone: '011 4567-8901',
      email: 'martin.guemes@example.com',
      street: 'Av. Corrientes',
      number: '3456',
      city: 'Buenos Aires',
      province: 'Capital Federal',
      zip: 'C1043AAZ',
      items: [{ name: 'Libro de cocina', qty: 1, price: 15999.99 }],
    },
    {
      first: 'Ana',
      last: 'Núñez',
      phone: '+54 9 341 555-0101',
      email: 'ana.nunez@example.com',
      street: 'Bv. Oroño',
      number: '900',
      city: 'Rosario',
      province: 'Santa Fe',
      zip: 'S2000',
      items: [{ name: 'Auriculares', qty: 1, price: 22000 }],
    },
  ];
  return Array.from({ length: n }, (_, i) => ({ ...base[i % base.length]!, ref: `${prefix}${1001 + i}` }));
}
