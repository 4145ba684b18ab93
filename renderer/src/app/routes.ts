/** The desk's screens, by path (the view is in the URL: Back works, a reload stays). Names are the contract's. */
export const VIEWS = [
  { path: '/', key: 'pack' },
  { path: '/batch', key: 'batch' },
  { path: '/shipments', key: 'shipments' },
  { path: '/end-of-day', key: 'endOfDay' },
  { path: '/import', key: 'import' },
  { path: '/printers', key: 'printers' },
  { path: '/credentials', key: 'credentials' },
  { path: '/settings', key: 'settings' },
] as const;

export type ViewKey = (typeof VIEWS)[number]['key'];
