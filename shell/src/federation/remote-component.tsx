import { use } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@shop/contracts';
import { PAGES_EXPOSE } from '@shop/routes';
import { useHydrated } from '@shop/ui';
import { PageLoading, RemoteBoundary, SlotPlaceholder } from './remote-boundary';
import { useRemoteModules } from './remote-modules';

function LoadedRemote({ remote, exposed, props }: { remote: RemoteName; exposed: string; props: Record<string, unknown> }) {
  const Component = use(useRemoteModules()(remote, exposed));
  return <Component {...props} />;
}

/**
 * A page of a remote, mounted behind its boundary (retried on navigation). A `personal` page
 * (the route table's `private` pages except those it marks `sessionRendered`: checkout, accounts,
 * staff) renders in the browser only:
 * its content is the visitor's own, and its forms must not be usable before the JavaScript
 * runs; the server and the hydrating browser render the loading state.
 */
export function RemotePage({ remote, page, personal = false }: { remote: RemoteName; page: string; personal?: boolean }) {
  const location = useLocation();
  const hydrated = useHydrated();
  if (personal && !hydrated) return <PageLoading />;
  return (
    <RemoteBoundary remote={remote} variant="page" resetKeys={[location.pathname]}>
      <LoadedRemote remote={remote} exposed={PAGES_EXPOSE} props={{ page }} />
    </RemoteBoundary>
  );
}

/**
 * A widget a remote exposes into the shell's chrome (search box, account menu, cart button).
 * A `personal` widget (the visitor's session or cart) renders in the browser only: the server
 * and the hydrating browser both render its placeholder.
 */
export function RemoteSlot({
  remote,
  exposed,
  personal = false,
  props = {},
}: {
  remote: RemoteName;
  exposed: string;
  personal?: boolean;
  props?: Record<string, unknown>;
}) {
  const hydrated = useHydrated();
  if (personal && !hydrated) return <SlotPlaceholder />;
  return (
    <RemoteBoundary remote={remote} variant="slot">
      <LoadedRemote remote={remote} exposed={exposed} props={props} />
    </RemoteBoundary>
  );
}
