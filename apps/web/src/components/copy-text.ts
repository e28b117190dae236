/** The two ways a page can put text on the clipboard. */
export interface ClipboardAccess {
  /** The async Clipboard API; missing outside secure contexts (plain http on a LAN address). */
  writeText: ((text: string) => Promise<void>) | undefined;
  /** The older select-and-copy route, which still works where the Clipboard API does not. */
  copyBySelection: (text: string) => boolean;
}

/** Copies `text`, falling back to select-and-copy; resolves to whether either way worked. */
export async function copyText(
  text: string,
  access: ClipboardAccess = browserClipboard(),
): Promise<boolean> {
  if (access.writeText) {
    try {
      await access.writeText(text);
      return true;
    } catch {
      // Denied permission or a lost focus: the selection route may still be allowed.
    }
  }
  try {
    return access.copyBySelection(text);
  } catch {
    return false;
  }
}

function browserClipboard(): ClipboardAccess {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return {
    writeText: clipboard ? (text) => clipboard.writeText(text) : undefined,
    copyBySelection: copyWithHiddenTextarea,
  };
}

function copyWithHiddenTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
