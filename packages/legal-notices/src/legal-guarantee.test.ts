import { readFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { euGuaranteeQrSource } from './eu-guarantee-qr.generate';
import { EU_GUARANTEE_INFO_URL, EU_GUARANTEE_QR, LEGAL_GUARANTEE_NOTICE, durabilityGuaranteeLabel } from './index';
import { qrCodePath } from './qr-path';

/** The dark modules that a path of `M x y h<run> v1 h-<run> z` rectangles covers, as 'x,y' keys. */
function darkModules(pathData: string): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, run] of pathData.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let offset = 0; offset < Number(run); offset++) dark.add(`${Number(x) + offset},${y}`);
  return dark;
}

describe('EU legal-guarantee notice', () => {
  it('its QR code is the one of EU_GUARANTEE_INFO_URL (the generated file is not stale)', () => {
    const generated = readFileSync(path.join(__dirname, 'eu-guarantee-qr.generated.ts'), 'utf8');
    expect(generated).toBe(euGuaranteeQrSource());
    const { modules } = QRCode.create(EU_GUARANTEE_INFO_URL, { errorCorrectionLevel: 'M' });
    const expected = new Set<string>();
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.data[y * modules.size + x]) expected.add(`${x},${y}`);
    expect(EU_GUARANTEE_QR.size).toBe(modules.size);
    expect(darkModules(EU_GUARANTEE_QR.path)).toEqual(expected);
  });

  it('merges horizontal runs of dark modules into one rectangle each', () => {
    // Row 0: ##.#  Row 1: ....  Row 2: ####  Row 3: .#..
    const matrix = [1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 0];
    expect(qrCodePath(4, (index) => matrix[index] === 1).path).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM0 2h4v1h-4zM1 3h1v1h-1z');
  });

  it('names the minimum of two years, the remedies, national law and commercial guarantees', () => {
    const text = [LEGAL_GUARANTEE_NOTICE.heading, LEGAL_GUARANTEE_NOTICE.subheading, ...LEGAL_GUARANTEE_NOTICE.points].join(' ');
    for (const element of ['mindestens 2 Jahre', 'Reparatur', 'Ersatz', 'Preisminderung', 'nationalem Recht', 'Haltbarkeitsgarantie'])
      expect(text).toContain(element);
  });

  it('has a durability guarantee label only for whole years above the legal two', () => {
    expect(durabilityGuaranteeLabel(null)).toBeNull();
    expect(durabilityGuaranteeLabel(2)).toBeNull();
    expect(durabilityGuaranteeLabel(2.5)).toBeNull();
    expect(durabilityGuaranteeLabel(3)).toEqual(expect.objectContaining({ badge: '3 Jahre' }));
    expect(durabilityGuaranteeLabel(5)!.text).toContain('für 5 Jahre ab Lieferung');
  });
});
