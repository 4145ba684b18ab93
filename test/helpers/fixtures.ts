/** A valid shipment body; tests override what they are about. */
export function shipmentBody(overrides: Record<string, unknown> = {}) {
  return {
    ref: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    type: 'DELIVERY',
    origin: {
      contact: { name: 'Depósito Central', phone: '+5493514000000' },
      address: { street: 'Av. Vélez Sarsfield 1500', city: 'Córdoba', state: 'Córdoba', country: 'AR', zip: '5000' },
    },
    destination: {
      contact: { name: 'José Pérez', email: 'jose.perez@example.com', phone: '+5491155550000' },
      address: { street: 'Av. Corrientes 1234', city: 'Buenos Aires', state: 'CABA', country: 'AR', zip: 'C1043' },
    },
    dimensions: { height: 10, width: 20, length: 30, weight: 1.2 },
    ...overrides,
  };
}
