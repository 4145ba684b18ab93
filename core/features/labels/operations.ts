import { fieldError } from '../../shared/errors.js';
import { DEFAULT_DPI } from '../../shared/schemas/codes.js';
import { rasterToPng } from '../../platform/drawing/mono-raster.js';
import { implement, uses } from '../../platform/operations/types.js';
import type { LabelService } from './service.js';
import { labelApi } from './api.js';
import { checkLabelCount } from './formats.js';
import { CODE } from './schemas.js';

/** `code=A,B,C` → ['A','B','C']; an empty item or a non-code is a 400 naming `/code`. */
export function codeList(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  checkLabelCount(codes, '/code');
  const bad = codes.find((c) => !CODE.test(c));
  if (bad !== undefined)
    throw bad
      ? fieldError('/code', 'format', `${bad} is not a shipment code`, { format: 'shipment_code', value: bad })
      : fieldError('/code', 'required', 'has an empty item');
  return codes;
}

const used = uses<{ labels: LabelService }>({ labels: true });

export const labelOperations = implement(labelApi, used, {
  'labels.get': ({ principal, services, baseUrl }, { query }) =>
    services.labels.issue(
      principal.accountId,
      codeList(query.code),
      { format: query.printer ?? 'PDF_A7', start: query.start, packages: query.packages },
      baseUrl,
    ),
  'labels.preview': async ({ principal, services }, { query }) => {
    const raster = await services.labels.preview(principal.accountId, query.code, DEFAULT_DPI);
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
