export {
  EU_GUARANTEE_INFO_URL,
  LEGAL_GUARANTEE_COLOURS,
  LEGAL_GUARANTEE_MINIMUM_YEARS,
  LEGAL_GUARANTEE_NOTICE,
  durabilityGuaranteeLabel,
} from './legal-guarantee';
export { EU_GUARANTEE_QR } from './eu-guarantee-qr.generated';
export type { QrCodePath } from './qr-path';
