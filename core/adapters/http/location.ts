/**
 * Where the resource a 201 answer created can be read again (RFC 9110 §10.2.2 `Location`), relative to `{base_url}`.
 * Keyed by operation; a test fails any operation answering 201 without an entry here.
 */
type Out = Record<string, unknown>;
type Params = Record<string, string>;
const seg = (v: unknown) => encodeURIComponent(String(v));

export const createdLocations: Record<string, (output: Out, params: Params) => string> = {
  'shipments.create': (o) => `/shipments/${seg(o.id)}`,
  'packages.create': (o) => `/shipments/${seg(o.id)}`,
  // An event has no page of its own: it is read in its shipment's history.
  'events.create': (_o, p) => `/shipments/${seg(p.id)}/events`,
  'tokens.create': (o) => `/tokens/${seg(o.id)}`,
  'printers.create': (o) => `/printers/${seg(o.name)}`,
  'manifests.create': (o) => `/manifests/${seg(o.id)}`,
  // Presets and senders are read in their list; the new one is updated and deleted at its own path.
  'presets.create': (o) => `/presets/${seg(o.id)}`,
  'senders.create': (o) => `/senders/${seg(o.id)}`,
  'webhooks.create': (o) => `/webhooks/${seg(o.id)}`,
  // The station has one active card; the new one is read where the old one was.
  'ratecard.import': () => '/ratecard',
};
