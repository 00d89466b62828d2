/** The dark modules of a QR code as one SVG path, for a viewBox of `0 0 size size` (one unit per module). */
export interface QrCodePath {
  /** Modules per side (without the quiet zone). */
  size: number;
  /** SVG path data: one rectangle `M x y h<run> v1 h-<run> z` per horizontal run of dark modules. */
  path: string;
}

/** Turns a QR code's module matrix (row by row, truthy = dark) into {@link QrCodePath}. */
export function qrCodePath(size: number, isDark: (index: number) => boolean): QrCodePath {
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!isDark(y * size + x)) continue;
      let run = 1;
      while (x + run < size && isDark(y * size + x + run)) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { size, path };
}
