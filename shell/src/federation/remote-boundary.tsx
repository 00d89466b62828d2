import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Button, Spinner } from '@shop/ui';
import { forgetFailedRemoteLoads, hasFailedRemoteLoads } from './remotes';

export const REMOTE_UNAVAILABLE_MESSAGE = 'Dieser Bereich ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.';

function PageFallback({ resetErrorBoundary }: FallbackProps) {
  return (
    <section className="shop-page shell-remote-unavailable" role="alert" data-testid="remote-unavailable">
      <p>{REMOTE_UNAVAILABLE_MESSAGE}</p>
      {/* A failed load needs a fresh document (preloaded files, remotes.ts); a render error does not. */}
      <Button variant="secondary" onClick={() => (hasFailedRemoteLoads() ? window.location.reload() : resetErrorBoundary())}>
        Erneut versuchen
      </Button>
    </section>
  );
}

/** What a header slot shows when its widget could not be loaded or failed while rendering. */
export function SlotFallback() {
  return (
    <span className="shell-remote-slot-unavailable" role="status" title={REMOTE_UNAVAILABLE_MESSAGE} data-testid="remote-slot-unavailable">
      <span aria-hidden="true">⚠</span>
      <span className="shop-visually-hidden">{REMOTE_UNAVAILABLE_MESSAGE}</span>
    </span>
  );
}

/** What a page shows while its remote loads (also the server's HTML of a personal page). */
export function PageLoading() {
  return (
    <div className="shop-page shell-remote-loading">
      <Spinner label="Seite wird geladen…" />
      {/* Personal pages (checkout, account) render in the browser only; without JavaScript they say so. */}
      <noscript>
        <p className="shell-noscript">
          Diese Seite braucht JavaScript. Bitte schalten Sie JavaScript in Ihrem Browser ein, um Ihre Bestellung abzuschließen oder Ihr
          Kundenkonto zu nutzen. Ihr Warenkorb bleibt erhalten.
        </p>
      </noscript>
    </div>
  );
}

/** What a slot shows while its widget loads (also the server's HTML of a personal widget). */
export function SlotPlaceholder() {
  return <span className="shell-remote-slot-loading" aria-hidden="true" />;
}

/**
 * Error boundary + Suspense around one mounted remote (conventions: one RemoteBoundary).
 * If the remote cannot be loaded or throws while rendering, only this area shows the German
 * fallback; header, footer and other remotes keep working. `resetKeys` (e.g. the path) retry
 * after navigation.
 */
export function RemoteBoundary({
  remote,
  variant,
  resetKeys,
  children,
}: {
  remote: string;
  variant: 'page' | 'slot';
  resetKeys?: unknown[];
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      FallbackComponent={variant === 'page' ? PageFallback : SlotFallback}
      resetKeys={resetKeys}
      onReset={forgetFailedRemoteLoads}
      onError={(error) => console.error(`shell: remote '${remote}' failed`, error)}
    >
      <Suspense fallback={variant === 'page' ? <PageLoading /> : <SlotPlaceholder />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
