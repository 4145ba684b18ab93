/**
 * The QR token fixed for each shipment when its first label was made (contract: Labels and QR). The rules of when a
 * token is fixed or replaced live in the label service.
 */
export interface LabelTokenStore {
  token(shipmentId: number): Promise<string | undefined>;
  /**
   * Fixes `token` where none is, or over `replacing` (the very token the caller saw: its key was retired). Of two
   * labels made at once, the first to commit fixes the token and the other reads that one back.
   */
  fix(shipmentId: number, token: string, replacing: string | null): Promise<void>;
}
