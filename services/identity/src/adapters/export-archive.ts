import JSZip from 'jszip';
import type { TExportFile } from '@gleba/contracts';

/** The export's ZIP: README.txt and every service's files, JSON pretty-printed. */
export async function buildExportArchive(readme: string, files: readonly TExportFile[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('README.txt', readme);
  for (const f of files) zip.file(f.name, `${JSON.stringify(f.content, null, 2)}\n`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
