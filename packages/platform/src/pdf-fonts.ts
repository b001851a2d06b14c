import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts every PDF of the system embeds: DejaVu Sans (Polish and Ukrainian letters, subscripts),
 * shipped in the repository's `assets/fonts` (see its README for the licence). The standard PDF
 * fonts (Helvetica) only cover WinAnsi, so "ą", "ł" or "ї" would not survive them.
 */
export interface PdfFontFiles {
  regular: string;
  bold: string;
}

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** The nearest `assets/fonts` up from `start`, or null. */
function fontsUp(start: string): string | null {
  for (let dir = start; ;) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(path.join(candidate, FILES.regular))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

let found: PdfFontFiles | null = null;

/**
 * The font files: `GLEBA_FONTS_DIR` when set, else the `assets/fonts` nearest up from the working
 * directory or from this module (a service's bundle in `dist/`, a Docker image's `/app`).
 */
export function pdfFontFiles(): PdfFontFiles {
  if (found) return found;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = process.env.GLEBA_FONTS_DIR || fontsUp(process.cwd()) || fontsUp(here);
  if (!dir) throw new Error('assets/fonts with DejaVuSans.ttf not found (set GLEBA_FONTS_DIR)');
  found = { regular: path.join(dir, FILES.regular), bold: path.join(dir, FILES.bold) };
  return found;
}

/** What a PDF document must offer to take the fonts (pdfkit's `PDFDocument`). */
interface FontRegistry {
  registerFont(name: string, src: string): unknown;
  font(name: string): unknown;
}

/** Registers `regular` and `bold` on a pdfkit document and starts it in `regular`. */
export function usePdfFonts(doc: FontRegistry): void {
  const files = pdfFontFiles();
  doc.registerFont('regular', files.regular);
  doc.registerFont('bold', files.bold);
  doc.font('regular');
}
