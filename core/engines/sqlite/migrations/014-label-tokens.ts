/**
 * A shipment's QR token is fixed when its first label is made (contract: Labels and QR): every later copy, and
 * `GET /labels/qr`, carries the same token. It is replaced only when the key that signed it has been retired.
 */
export default `
CREATE TABLE label_tokens (
  shipment_id  INTEGER PRIMARY KEY REFERENCES shipments(id),
  token        TEXT NOT NULL
) STRICT;
`;
