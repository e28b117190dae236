import { CopyButton } from '../../../components/copy-button.tsx';

/** The key's copy button; a blocked clipboard leaves the reveal-and-select route. */
export function CopyKeyButton({ value }: { value: string }) {
  return (
    <CopyButton
      value={value}
      label="Copy key"
      failedHint="Copy failed: reveal the key and copy it by hand"
    />
  );
}
