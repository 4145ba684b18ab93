/**
 * The first element of every query key, one per feature. Each feature's key factory (its `queries.ts`) builds its
 * keys under its root; a feature whose change touches another's data (a print labels shipments) invalidates that
 * data by its root, without importing the other feature: feature folders never import each other in a circle.
 */
export const rootKeys = {
  shipments: ['shipments'],
  printing: ['printing'],
  /** The labels waiting for the operator: not under `printing`, see features/printing/attention.ts. */
  attention: ['attention'],
  settings: ['settings'],
  pack: ['pack'],
  offices: ['offices'],
  tokens: ['tokens'],
  import: ['import'],
  scale: ['scale'],
  webhooks: ['webhooks'],
} as const;
