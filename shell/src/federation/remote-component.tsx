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
  return personal ? <PersonalRemotePage remote={remote} page={page} /> : <BoundedRemotePage remote={remote} page={page} />;
}

/**
 * A server-rendered page never reads whether the browser has hydrated: that flag turns true right
 * after hydration, and an update reaching a Suspense boundary whose remote module is still loading
 * makes React throw the server's HTML away and render the page anew (its main image painted twice).
 * Without it, the boundary hydrates in place once its module has arrived.
 */
function BoundedRemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const location = useLocation();
  return (
    <RemoteBoundary remote={remote} variant="page" resetKeys={[location.pathname]}>
      <LoadedRemote remote={remote} exposed={PAGES_EXPOSE} props={{ page }} />
    </RemoteBoundary>
  );
}

function PersonalRemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const hydrated = useHydrated();
  return hydrated ? <BoundedRemotePage remote={remote} page={page} /> : <PageLoading />;
}

/**
 * A widget a remote exposes into the shell's chrome (the staff frame's account menu; the server's
 * render of a ServerIsland).
 * A `personal` widget (the visitor's session or cart) renders in the browser only: the server
 * and the hydrating browser both render its placeholder. A shared widget, like a page, does not
 * read the hydration flag (BoundedRemotePage).
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
  return personal ? (
    <PersonalRemoteSlot remote={remote} exposed={exposed} props={props} />
  ) : (
    <BoundedRemoteSlot remote={remote} exposed={exposed} props={props} />
  );
}

function BoundedRemoteSlot({ remote, exposed, props }: { remote: RemoteName; exposed: string; props: Record<string, unknown> }) {
  return (
    <RemoteBoundary remote={remote} variant="slot">
      <LoadedRemote remote={remote} exposed={exposed} props={props} />
    </RemoteBoundary>
  );
}

function PersonalRemoteSlot({ remote, exposed, props }: { remote: RemoteName; exposed: string; props: Record<string, unknown> }) {
  const hydrated = useHydrated();
  return hydrated ? <BoundedRemoteSlot remote={remote} exposed={exposed} props={props} /> : <SlotPlaceholder />;
}
