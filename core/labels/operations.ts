import { fieldError } from '../errors.js';
import { rasterToPng } from '../drawing/mono-raster.js';
import { implement } from '../operations/types.js';
import { labelApi } from './api.js';
import { MAX_LABEL_CODES } from './formats.js';
import { CODE } from './schemas.js';

/** `code=A,B,C` → ['A','B','C']; an empty item or a non-code is a 400 naming `/code`. */
export function codeList(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  if (codes.length > MAX_LABEL_CODES)
    throw fieldError('/code', 'max_items', `must list at most ${MAX_LABEL_CODES} codes`, { limit: MAX_LABEL_CODES });
  const bad = codes.find((c) => !CODE.test(c));
  if (bad !== undefined)
    throw bad
      ? fieldError('/code', 'format', `${bad} is not a shipment code`, { format: 'shipment_code', value: bad })
      : fieldError('/code', 'required', 'has an empty item');
  return codes;
}

/** The resolution of the desk's thermal printers (an A7 label is 591 x 839 dots). */
const PREVIEW_DPI = 203;

export const labelOperations = implement(labelApi, {
  'labels.get': ({ principal, services, baseUrl }, { query }) =>
    services.labels.issue(
      principal.accountId,
      codeList(query.code),
      { format: query.printer ?? 'PDF_A7', start: query.start, packages: query.packages },
      baseUrl,
    ),
  'labels.preview': async ({ principal, services }, { query }) => {
    const raster = await services.labels.preview(principal.accountId, query.code, PREVIEW_DPI);
    return {
      image: `data:image/png;base64,${rasterToPng(raster).toString('base64')}`,
      width: raster.width,
      height: raster.height,
    };
  },
  'labels.qr': async ({ principal, services }, { query }) => ({
    qr: await services.labels.qrToken(principal.accountId, query.code),
  }),
});
