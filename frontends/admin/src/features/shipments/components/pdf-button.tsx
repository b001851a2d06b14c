import { useState } from 'react';
import { toast } from '@gleba/ui';
import { useDescribeError, useT } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/files';

/** Fetches a PDF with the session's token, then downloads it or opens it for printing. */
export function PdfButton({
  label,
  fetcher,
  fallbackName,
  print = false,
  secondary = false,
  disabled = false,
}: {
  label: string;
  fetcher: () => Promise<{ blob: Blob; fileName: string }>;
  fallbackName: string;
  print?: boolean;
  secondary?: boolean;
  disabled?: boolean;
}) {
  const tr = useT();
  const describe = useDescribeError();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { blob, fileName } = await fetcher();
      const name = fileName.endsWith('.pdf') ? fileName : fallbackName;
      saveBlob(blob, name, print);
      if (!print) toast.success(tr('admin.downloaded', { name }));
    } catch (err) {
      toast.error(describe(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={`gl-button${secondary ? ' gl-button--secondary' : ''}`}
      disabled={busy || disabled}
      onClick={() => void run()}
    >
      {label}
    </button>
  );
}
