const sizeFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A size in bytes as pt-BR text with binary units: "512 bytes", "1,5 KB", "10 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}
