/**
 * Offers a blob as a download under `fileName` (the browser's save dialog). The object URL is
 * released after `revokeAfterMs`, once the browser has started reading it.
 */
export function saveFile(blob: Blob, fileName: string, revokeAfterMs = 10_000): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}
