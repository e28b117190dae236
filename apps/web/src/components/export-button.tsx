import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from './download-file.ts';

interface ExportButtonProps {
  label: string;
  /** The API path of the export, query string included. */
  path: string;
  /** Used when the server does not name the file. */
  fileName: string;
  /** The screen's failure text, or null when a new attempt starts. */
  onError: (message: string | null) => void;
  errorText: string;
}

/** A button that downloads one export and reports a failure through the screen's own text. */
export function ExportButton({ label, path, fileName, onError, errorText }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    onError(null);
    try {
      await downloadFile(path, fileName);
    } catch (err) {
      console.error('Export failed', err);
      onError(errorText);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={() => void start()}
    >
      {label}
    </Button>
  );
}
