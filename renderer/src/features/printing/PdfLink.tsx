import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import type { OpInput } from '../../api/client';
import { Button } from '../../components/Button';
import { scanFieldOf } from '../../operator/scanner';
import { useLabelsPdf } from './mutations';

type Format = NonNullable<NonNullable<OpInput<'labels.get'>['query']>['printer']>;

/** The labels as a PDF, for when no printer will do: asked for on demand (a link is valid for a day). */
export function PdfLink({ codes, format }: { codes: string[]; format: Format }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const pdf = useLabelsPdf();
  const url = pdf.data;
  // Stable: called when the link appears, not again at each render.
  const takeFocus = useCallback((a: HTMLAnchorElement | null) => a?.focus(), []);

  const open = () => pdf.mutate({ code: codes.join(','), printer: format });

  // The link takes the place and the focus of the button pressed (Enter follows it); once followed, a desk that
  // waits for a scan has its scan field focused again (in a dialog, the dialog keeps the focus).
  if (url)
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        ref={takeFocus}
        onClick={(e) => {
          if (!e.currentTarget.closest('dialog')) requestAnimationFrame(() => scanFieldOf(document)?.focus());
        }}
      >
        {t('printing.pdfLink')}
      </a>
    );
  return (
    <>
      <Button onClick={open} busy={pdf.isPending}>
        {t('printing.openPdf')}
      </Button>
      {pdf.error !== null && <span className="error">{explain(pdf.error).message}</span>}
    </>
  );
}
