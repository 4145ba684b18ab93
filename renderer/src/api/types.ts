/** The shapes the UI reads; the service's OpenAPI description is their source. */
export interface Party {
  contact: { name: string; phone?: string; email?: string };
  address: { street: string; city: string; state: string; country: string; zip: string };
}

export interface Shipment {
  id: number;
  code: string;
  ref: string;
  type: string;
  method: string;
  status: string;
  sub_status: string | null;
  origin: Party;
  destination: Party;
  dimensions: { weight: number; height: number; width: number; length: number };
  twin: string | null;
  number: number | null;
  packages: number;
  created_at: string;
  labelled_at: string | null;
}

export interface Page<T> {
  data: T[];
  pages: number;
  items: number;
  last: boolean;
}

export interface TrackingEvent {
  id: number;
  date: string;
  status: string;
  sub_status?: string;
  issue?: string;
}
