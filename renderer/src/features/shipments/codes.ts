import en from '../../i18n/en.json';

/**
 * The service's code sets as the desk offers them in filters and forms. Each value has its words in the
 * translations (`codes.*`), so the list is those keys, in the order a person reads them (statuses as a shipment
 * lives them): a code without words cannot be offered. test/desk/i18n.test.ts holds that they are exactly the codes
 * of core/shared/schemas/codes.ts.
 */
export const STATUSES = Object.keys(en.codes.status) as Array<keyof typeof en.codes.status>;
export const SUB_STATUSES = Object.keys(en.codes.subStatus) as Array<keyof typeof en.codes.subStatus>;
export const ISSUES = Object.keys(en.codes.issue) as Array<keyof typeof en.codes.issue>;
export const PLATFORMS = Object.keys(en.codes.platform) as Array<keyof typeof en.codes.platform>;
