import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../api/context';
import { useExplain } from '../../api/errors';
import type { OpInput } from '../../api/client';
import { Button } from '../../components/Button';

type Format = NonNullable<NonNullable<OpInput<'labels.get'>['query']>['printer']>;

/** The labels as a PDF, for when no printer will do: asked for on demand (a link is valid for a day). */
export function PdfLink({ codes, format }: { codes: string[]; format: Format }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const client = useClient();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    try {
      setUrl((await client.call('labels.get', { query: { code: codes.join(','), printer: format } })).url);
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  if (url)
    return (
      <a href={url} target="_blank" rel="noreferrer">
        {t('printing.pdfLink')}
      </a>
    );
  return (
    <>
      <Button onClick={() => void open()} busy={busy}>
        {t('printing.openPdf')}
      </Button>
      {error !== null && <span className="error">{explain(error).message}</span>}
    </>
  );
}
