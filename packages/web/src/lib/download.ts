/** Offers text as a file download (the browser saves it under `fileName`). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
