/**
 * Writes src/eu-guarantee-qr.generated.ts: the QR code of EU_GUARANTEE_INFO_URL as an SVG path,
 * made once here with the `qrcode` library so no page loads a QR encoder. Run after changing the
 * URL: `npm run generate-qr -w @shop/legal-notices` (a test fails while the file is stale).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { euGuaranteeQrSource } from '../src/eu-guarantee-qr.generate';

writeFileSync(path.join(__dirname, '../src/eu-guarantee-qr.generated.ts'), euGuaranteeQrSource());
console.log('written src/eu-guarantee-qr.generated.ts');
