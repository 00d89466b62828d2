/**
 * Age verification, stage 1 of the two-stage model (legal-de.md §1.3, §1.4): the age must
 * really be checked before 'Zahlungspflichtig bestellen', a click or a typed birth date is not
 * enough. Providers are pluggable; an order stores only the result, the method, the provider's
 * reference and the time (legal-de.md §1.4, data minimisation) — never document data.
 *
 * Adding a provider (e.g. SCHUFA Q-Bit, which checks name, address and birth date against
 * credit-bureau data): implement `AgeVerificationProvider` with its own input type, call the
 * provider's API in `verify`, map its answer to `AgeVerificationResult` (reference = the
 * provider's transaction id), and register it under its method name where checkout chooses
 * providers.
 */
export interface AgeVerificationResult {
  verified: boolean;
  /** Which check was done, e.g. 'id-card-mrz', 'schufa-qbit'. */
  method: string;
  /** The provider's reference for this check (no personal data). */
  providerReference: string;
  checkedAt: Date;
  /** German reason shown to the shopper when not verified. */
  failureReason?: string;
}

export interface AgeVerificationProvider<Input> {
  readonly method: string;
  verify(input: Input): Promise<AgeVerificationResult>;
}
