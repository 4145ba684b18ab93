import type { Shipment } from '../api/types';

/** A party as the operator types it: the receiver at Pack, a package's origin, a sender. */
export type AddressText = Record<'name' | 'phone' | 'email' | 'street' | 'city' | 'state' | 'zip' | 'country', string>;
export type AddressKey = keyof AddressText;

export const emptyAddress = (): AddressText => ({
  name: '',
  phone: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  country: 'AR',
});

/** A party the service knows (a shipment's, a sender's), to be typed over. */
export const addressText = (p: Pick<Shipment['origin'], 'contact' | 'address'>): AddressText => ({
  name: p.contact.name,
  phone: p.contact.phone ?? '',
  email: p.contact.email ?? '',
  street: p.address.street,
  city: p.address.city,
  state: p.address.state,
  zip: p.address.zip,
  country: p.address.country,
});
