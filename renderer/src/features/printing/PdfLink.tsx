import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import type { OpInput } from '../../api/client';
import { Button } from '../../components/Button';
import { useLabelsPdf } from './mutations';

type Format = NonNullable<NonNullable<OpInput<'labels.get'>['query']>['printer']>;

/** The labels as a PDF, for when no printer will do: asked for on demand (a link is valid for a day). */
export function PdfLink({ codes, format }: { codes: string[]; format: Format }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const pdf = useLabelsPdf();
  const url = pdf.data;

  const open = () => pdf.mutate({ code: codes.join(','), printer: format });

  if (url)
    return (
      <a href={url} target="_blank" rel="noreferrer">
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
